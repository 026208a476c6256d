#include "ui/charts/HoverTarget.h"

#include <QChart>
#include <QPainterPath>
#include <QXYSeries>

namespace graphlens::ui {

void connectHover(QChart* chart, QXYSeries* line, const HoverHandler& onHover) {
    QObject::connect(line, &QXYSeries::hovered, line, onHover);
    if (line->count() == 1) new HoverTarget(chart, line, onHover);  // two points or more: the line's own path is hit
}

HoverTarget::HoverTarget(QChart* chart, QXYSeries* line, const HoverHandler& onHover)
    : QGraphicsObject(chart), m_chart(chart), m_line(line), m_onHover(onHover) {
    setAcceptHoverEvents(true);
    setAcceptedMouseButtons(Qt::NoButton);
    setZValue(11);  // over the series and the whiskers (ErrorBarsItem)
    // The series goes first (a redraw removes it): its target with it, never pointing at a deleted line.
    connect(line, &QObject::destroyed, this, [this] { delete this; });
    connect(chart, &QChart::plotAreaChanged, this, [this] { prepareGeometryChange(); });
}

QRectF HoverTarget::boundingRect() const { return m_chart->plotArea(); }

QPainterPath HoverTarget::shape() const {
    QPainterPath disc;
    if (m_line->count() != 1 || !m_line->isVisible()) return disc;
    const qreal radius = std::max<qreal>(6, m_line->markerSize() / 2 + 2);
    disc.addEllipse(m_chart->mapToPosition(m_line->at(0), m_line), radius, radius);
    return disc;
}

void HoverTarget::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
    if (m_line->count() == 1) m_onHover(m_line->at(0), true);
}

void HoverTarget::hoverLeaveEvent(QGraphicsSceneHoverEvent*) { m_onHover(QPointF(), false); }

}  // namespace graphlens::ui
