#pragma once
// Eager vs graphed median step time vs batch size: the absolute numbers behind the speedup
// (solid: eager, dashed: graphed, one colour per family/precision/phase).
#include "ui/SpeedupSeries.h"

#include <QChartView>
#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class MeasurementTableModel;

class StepTimeChartView : public QChartView {
    Q_OBJECT
public:
    explicit StepTimeChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const std::vector<StepTimeCurve>& curves() const { return m_curves; }

private:
    void rebuild();

    const MeasurementTableModel* m_model = nullptr;
    std::vector<StepTimeCurve> m_curves;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

}  // namespace graphlens::ui
