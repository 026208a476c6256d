#pragma once
// VRAM, three panels on the same batch range (small multiples), all in MiB: the steady-state peak
// reserved memory of the eager (solid) and graphed (dashed) arms; the graphed arm's reserved delta
// over eager (its tooltip also gives it as a percentage of the eager peak); the graph pool. A
// colour per series key, a dash per arm, in every panel: one short legend serves all three. A
// delta of a few MiB next to peaks of gigabytes would lie flat on a shared axis. Timed ok rows,
// one set of curves per family/precision/memory_format/phase/scope.
#include "ui/charts/ChartSeries.h"
#include "ui/charts/MetricPanel.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

namespace graphlens::ui {

class VramChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit VramChartView(QWidget* parent = nullptr);

    const std::vector<MetricCurve>& curves() const { return m_curves; }
    QChart* peaksPanel() const { return m_peaks.chart; }
    QChart* deltaPanel() const { return m_delta.chart; }
    QChart* poolPanel() const { return m_pool.chart; }

protected:
    void rebuild() override;

private:
    std::vector<MetricCurve> m_curves;
    MetricPanel m_peaks;
    MetricPanel m_delta;
    MetricPanel m_pool;
};

}  // namespace graphlens::ui
