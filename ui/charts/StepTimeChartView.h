#pragma once
// Eager vs graphed median step time vs batch size: the absolute numbers behind the speedup
// (solid: eager, dashed: graphed, one colour per series key), each median with its bootstrap 95%
// interval as a whisker. One panel per phase (inference, training) on the same batch range, each
// with its own time axis: a training step is many times an inference step, and on one axis the
// inference gap would be squashed flat. A view over the table model's charted rows (ModelChartView).
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
    int whiskerCount() const;  // intervals drawn, eager and graphed, in every panel
    QChart* inferencePanel() const { return m_panels[0].chart; }
    QChart* trainingPanel() const { return m_panels[1].chart; }

protected:
    // A selected row marks the eager or graphed point of its key and batch, by the row's arm.
    void rebuild() override;

private:
    struct Panel {
        QChart* chart = nullptr;
        ErrorBarsItem* whiskers = nullptr;
        QLogValueAxis* xAxis = nullptr;
        QValueAxis* yAxis = nullptr;
    };
    static bool training(const StepTimeCurve& curve) { return curve.phase == "train"; }

    std::vector<StepTimeCurve> m_curves;
    Panel m_panels[2];  // inference, training
};

}  // namespace graphlens::ui
