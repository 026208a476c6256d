#pragma once
// VRAM: steady-state peak reserved memory of the eager (solid) and graphed (dashed) arms, the
// graphed arm's reserved delta over eager and its graph pool, all in MiB per batch size; the
// delta's tooltip also gives it as a percentage of the eager peak. Timed ok rows, one set of curves
// per family/precision/memory_format/phase/scope.
#include "ui/charts/ChartSeries.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class VramChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit VramChartView(QWidget* parent = nullptr);

    const std::vector<MetricCurve>& curves() const { return m_curves; }

protected:
    void rebuild() override;

private:
    std::vector<MetricCurve> m_curves;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

}  // namespace graphlens::ui
