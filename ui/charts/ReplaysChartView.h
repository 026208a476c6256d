#pragma once
// Replays: per batch size, graph replays in the timed run, steps that fell back to eager and the
// break-even replay count (capture cost / per-step saving) in a counts panel, and the capture time
// in ms in a panel of its own on the same batch range (small multiples, not a second y-axis).
// Graphed timed ok rows only; one set of curves per family/precision/memory_format/phase/scope.
#include "ui/charts/ChartSeries.h"
#include "ui/charts/MetricPanel.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

namespace graphlens::ui {

class ReplaysChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit ReplaysChartView(QWidget* parent = nullptr);

    const std::vector<MetricCurve>& curves() const { return m_curves; }
    static std::vector<MetricSpec> metrics();  // replays, eager_fallbacks, break_even_replays, capture_ms
    QChart* countsPanel() const { return m_counts.chart; }
    QChart* capturePanel() const { return m_capture.chart; }

protected:
    void rebuild() override;

private:
    std::vector<MetricCurve> m_curves;
    MetricPanel m_counts;
    MetricPanel m_capture;
};

}  // namespace graphlens::ui
