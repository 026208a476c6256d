#pragma once
// Launch overhead: per step, the launch calls the CPU makes (kernel launches eager, graph launches
// graphed), the CPU time spent in them (µs) and the share of the step the GPU sits idle (%), eager
// (solid) vs graphed (dashed), per batch size. Three value axes: count (left), µs and % (right).
// From the profiled pass as merged onto the timed ok rows (results/ProfiledMerge).
#include "ui/charts/ChartSeries.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class LaunchOverheadChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit LaunchOverheadChartView(QWidget* parent = nullptr);

    const std::vector<MetricCurve>& curves() const { return m_curves; }
    static std::vector<MetricSpec> metrics();  // launches, launch_cpu_us, gpu_idle_pct

protected:
    void rebuild() override;

private:
    std::vector<MetricCurve> m_curves;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_countAxis = nullptr;
    QValueAxis* m_usAxis = nullptr;
    QValueAxis* m_pctAxis = nullptr;
};

}  // namespace graphlens::ui
