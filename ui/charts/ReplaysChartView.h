#pragma once
// Replays: per batch size, graph replays in the timed run, steps that fell back to eager, the
// break-even replay count (capture cost / per-step saving) on the count axis, and the capture time
// in ms on a second axis. Graphed timed ok rows only; one set of curves per
// family/precision/memory_format/phase/scope.
#include "ui/charts/ChartSeries.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class ReplaysChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit ReplaysChartView(QWidget* parent = nullptr);

    const std::vector<MetricCurve>& curves() const { return m_curves; }
    static std::vector<MetricSpec> metrics();  // replays, eager_fallbacks, break_even_replays, capture_ms

protected:
    void rebuild() override;

private:
    std::vector<MetricCurve> m_curves;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_countAxis = nullptr;
    QValueAxis* m_msAxis = nullptr;
};

}  // namespace graphlens::ui
