#include "ui/charts/HoverTarget.h"

#include "ui/charts/ChartLegendItem.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QScatterSeries>

namespace graphlens::ui {

QXYSeries* connectHover(QChart* chart, QAbstractAxis* xAxis, QAbstractAxis* yAxis, QXYSeries* line,
                        const HoverHandler& onHover) {
    QObject::connect(line, &QXYSeries::hovered, line, onHover);
    if (line->count() != 1) return nullptr;  // two points or more: the line's own path is hit
    auto* target = new QScatterSeries;
    target->setMarkerSize(std::max<qreal>(12, line->markerSize() + 4));  // the marker and a little around it
    target->setColor(Qt::transparent);
    target->setBorderColor(Qt::transparent);
    target->append(line->points());
    chart->addSeries(target);
    target->attachAxis(xAxis);
    target->attachAxis(yAxis);
    ChartLegendItem::leaveOut(target);
    for (auto* marker : chart->legend()->markers(target)) marker->setVisible(false);
    QObject::connect(target, &QScatterSeries::hovered, line, onHover);
    return target;
}

}  // namespace graphlens::ui
