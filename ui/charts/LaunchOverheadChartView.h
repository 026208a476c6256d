#pragma once
// Launch overhead: per step, the launch calls the CPU makes (kernel launches eager, graph launches
// graphed), the CPU time spent in them (µs) and the share of the step the GPU sits idle (%), eager
// (solid) vs graphed (dashed), per batch size. Three quantities, three panels on the same batch
// range (small multiples), each with its own axis: three y-axes on one plot could not be read.
// From the profiled pass as merged onto the timed ok rows (results/ProfiledMerge).
#include "ui/charts/ChartSeries.h"
#include "ui/charts/MetricPanel.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

namespace graphlens::ui {

class LaunchOverheadChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit LaunchOverheadChartView(QWidget* parent = nullptr);

    const std::vector<MetricCurve>& curves() const { return m_curves; }
    static std::vector<MetricSpec> metrics();  // launches, launch_cpu_us, gpu_idle_pct
    // The panel of metrics()[i]: launches, CPU launch time, GPU idle.
    QChart* panel(int metric) const { return m_panels[metric].chart; }

protected:
    void rebuild() override;

private:
    std::vector<MetricCurve> m_curves;
    MetricPanel m_panels[3];
};

}  // namespace graphlens::ui
