#pragma once
// "vs baseline": per series (family/precision/memory format/phase/scope and arm), the median step
// time now divided by the baseline's median, against batch size, with the 1.0 line (as fast as the
// baseline; below it is faster). One point per timed ok row that has a matching baseline row;
// hovering a point gives the ratio and both medians.
#include "ui/charts/ChartSeries.h"
#include "ui/charts/ModelChartView.h"

#include <vector>

class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class Baseline;

class BaselineRatioChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit BaselineRatioChartView(QWidget* parent = nullptr);

    void setBaseline(const Baseline* baseline);

    // metric "ratio_to_baseline": current median / baseline median, ascending batch.
    const std::vector<MetricCurve>& curves() const { return m_curves; }
    QLineSeries* unityLine() const { return m_unity; }

protected:
    void rebuild() override;

private:
    const Baseline* m_baseline = nullptr;
    std::vector<MetricCurve> m_curves;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    QLineSeries* m_unity = nullptr;
};

}  // namespace graphlens::ui
