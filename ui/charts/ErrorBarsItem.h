#pragma once
// Confidence-interval whiskers drawn over a chart: a vertical bar from low to high with a cap at
// each end, in the colour of the curve it belongs to. Qt Charts has no error-bar series; drawing
// each whisker as three two-point line series made a chart of a few hundred points hold a thousand
// series, and Qt Charts slows down with every series (legend markers, axis bookkeeping). One item
// paints them all, mapped through the curve's axes at paint time, so resizes and axis changes stay
// right.
#include <QColor>
#include <QGraphicsItem>
#include <QPointer>
#include <vector>

class QAbstractSeries;
class QChart;

namespace graphlens::ui {

class ErrorBarsItem : public QGraphicsItem {
public:
    // Becomes a child of the chart, painted above its series.
    explicit ErrorBarsItem(QChart* chart);

    // Forget every whisker: call before the series they are anchored to are removed.
    void clear();
    // A whisker at x from low to high in the coordinates of `curve` (its attached axes).
    void add(QAbstractSeries* curve, double x, double low, double high, const QColor& color);
    int count() const { return int(m_bars.size()); }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Bar {
        QPointer<QAbstractSeries> curve;
        double x = 0;
        double low = 0;
        double high = 0;
        QColor color;
    };

    QChart* m_chart = nullptr;
    std::vector<Bar> m_bars;
};

}  // namespace graphlens::ui
