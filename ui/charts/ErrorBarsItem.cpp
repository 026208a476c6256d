#include "ui/charts/ErrorBarsItem.h"

#include <QAbstractSeries>
#include <QChart>
#include <QPainter>

namespace graphlens::ui {

namespace {
constexpr qreal kCapHalfWidthPx = 5.0;  // caps of a fixed width on screen, whatever the axis scale
constexpr qreal kPenWidthPx = 1.5;
}  // namespace

ErrorBarsItem::ErrorBarsItem(QChart* chart) : QGraphicsItem(chart), m_chart(chart) {
    setZValue(10);  // above the series (and their markers), below tooltips
    QObject::connect(chart, &QChart::plotAreaChanged, chart, [this](const QRectF&) {
        prepareGeometryChange();
        update();
    });
}

void ErrorBarsItem::clear() {
    m_bars.clear();
    update();
}

void ErrorBarsItem::add(QAbstractSeries* curve, double x, double low, double high, const QColor& color) {
    m_bars.push_back({curve, x, low, high, color});
    update();
}

QRectF ErrorBarsItem::boundingRect() const {
    // The caps of a bar at the plot's edge reach a little beyond it.
    return m_chart->plotArea().adjusted(-kCapHalfWidthPx - kPenWidthPx, -kPenWidthPx, kCapHalfWidthPx + kPenWidthPx,
                                        kPenWidthPx);
}

void ErrorBarsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->save();
    painter->setClipRect(boundingRect());
    for (const auto& bar : m_bars) {
        if (!bar.curve || !bar.curve->isVisible()) continue;  // its curve is gone or hidden in the legend
        const QPointF low = m_chart->mapToPosition(QPointF(bar.x, bar.low), bar.curve);
        const QPointF high = m_chart->mapToPosition(QPointF(bar.x, bar.high), bar.curve);
        painter->setPen(QPen(bar.color, kPenWidthPx));
        painter->drawLine(low, high);
        for (const QPointF& end : {low, high}) {
            painter->drawLine(QPointF(end.x() - kCapHalfWidthPx, end.y()), QPointF(end.x() + kCapHalfWidthPx, end.y()));
        }
    }
    painter->restore();
}

}  // namespace graphlens::ui
