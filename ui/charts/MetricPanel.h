#pragma once
// One panel of a small-multiples chart view: its chart, the log2 batch axis every panel of the view
// fits to the same range, and a value axis of its own quantity starting at zero.
#include <QString>

class QAbstractSeries;
class QChart;
class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

struct MetricPanel {
    QChart* chart = nullptr;
    QLogValueAxis* xAxis = nullptr;
    QValueAxis* yAxis = nullptr;

    // Takes `panel` (ModelChartView::addPanel) and gives it its axes.
    void setUp(QChart* panel, const QString& valueTitle);
    // The batch range shared by the view's panels, and this panel's own top value.
    void fit(int minBatch, int maxBatch, double maxValue);
};

}  // namespace graphlens::ui
