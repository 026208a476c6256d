#pragma once
// Value labels beside chart points ("2.65×"), laid out so that none overlaps another: labels of one
// x (one batch) are stacked in value order and nudged apart vertically around their points, a thin
// leader joining a moved label to its point; a label that still cannot fit (the plot is too short
// for the stack) is left out, its value stays in the point's tooltip. Qt Charts' point labels are
// centred on their point whatever else is there: close curves printed theirs on top of each other.
// One item for the chart, mapped through the anchor series' axes at paint time, so resizes, exports
// (PNG/SVG) and the report draw the same layout.
#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPointer>
#include <QString>
#include <vector>

class QAbstractSeries;
class QChart;

namespace graphlens::ui {

class ValueLabelsItem : public QGraphicsItem {
public:
    explicit ValueLabelsItem(QChart* chart);  // a child of the chart, above its series

    // Forget every label: call before the series they are anchored to are removed.
    void clear();
    // A label for the point `at` of `anchor` (in its attached axes' coordinates).
    void add(QAbstractSeries* anchor, QPointF at, const QString& text, const QColor& color);
    int count() const { return int(m_labels.size()); }

    // A label as it is drawn now: its text rectangle in scene coordinates, the point it belongs to
    // (scene), and whether it was moved off its point's height (then a leader joins them).
    struct Shown {
        QString text;
        QRectF sceneRect;
        QPointF scenePoint;
        bool moved = false;
    };
    // The labels drawn at the chart's present geometry; hidden anchors and left-out labels are not in it.
    std::vector<Shown> shown() const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Label {
        QPointer<QAbstractSeries> anchor;
        QPointF at;
        QString text;
        QColor color;
    };
    struct Placed {
        int label = 0;  // index into m_labels
        QPointF point;  // item coordinates
        QRectF rect;    // item coordinates
        bool moved = false;
    };
    std::vector<Placed> layout() const;

    QChart* m_chart = nullptr;
    std::vector<Label> m_labels;
    QFont m_font;
};

}  // namespace graphlens::ui
