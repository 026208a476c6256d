#pragma once
// Eager vs graphed median step time vs batch size: the absolute numbers behind the speedup
// (solid: eager, dashed: graphed, one colour per family/precision/phase), each median with its
// bootstrap 95% interval as a whisker. A view over the table model's charted rows (ModelChartView).
#include "ui/charts/ModelChartView.h"
#include "ui/charts/SpeedupSeries.h"

#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class ErrorBarsItem;

class StepTimeChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit StepTimeChartView(QWidget* parent = nullptr);

    const std::vector<StepTimeCurve>& curves() const { return m_curves; }
    int whiskerCount() const;  // intervals drawn, eager and graphed

protected:
    // A selected row marks the eager or graphed point of its key and batch, by the row's arm.
    void rebuild() override;

private:
    std::vector<StepTimeCurve> m_curves;
    ErrorBarsItem* m_whiskers = nullptr;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

}  // namespace graphlens::ui
