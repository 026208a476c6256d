#pragma once
// Qt Charts gives a line series of a single point no hover shape (its path is empty; the marker
// is drawn but not hit), so a pointer on the only point of a single-batch session never got the
// series' hovered() signal and its tooltip never showed. A HoverTarget, an invisible disc over that
// point, takes the pointer instead and calls the same handler. An item, not a series: no legend
// entry, and Qt Charts slows down with every series.
#include <QGraphicsObject>
#include <QPointF>
#include <functional>

class QChart;
class QXYSeries;

namespace graphlens::ui {

using HoverHandler = std::function<void(const QPointF& at, bool entered)>;

// Connects `onHover` to `line`'s hovered(), and, when the line has one point only, to a
// HoverTarget over it (gone with the line). Call after the line is attached to its axes.
void connectHover(QChart* chart, QXYSeries* line, const HoverHandler& onHover);

class HoverTarget : public QGraphicsObject {
public:
    HoverTarget(QChart* chart, QXYSeries* line, const HoverHandler& onHover);

    // The plot area: stable, so the scene's index stays right; shape() is the disc where the point is now.
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override {}

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    QChart* m_chart;
    QXYSeries* m_line;
    HoverHandler m_onHover;
};

}  // namespace graphlens::ui
