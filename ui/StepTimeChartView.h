#pragma once
// Eager vs graphed median step time vs batch size: the absolute numbers behind the speedup
// (solid: eager, dashed: graphed, one colour per family/precision/phase).
#include "ui/SpeedupSeries.h"
#include "ui/charts/HighlightableChart.h"
#include "ui/charts/PointHighlighter.h"

#include <QChartView>
#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class MeasurementTableModel;

class StepTimeChartView : public QChartView, public HighlightableChart {
    Q_OBJECT
public:
    explicit StepTimeChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const std::vector<StepTimeCurve>& curves() const { return m_curves; }
    // Marks the eager or graphed point of each row's key and batch, by the row's arm.
    void highlightRows(const std::vector<graphlens::results::Measurement>& rows) override;

private:
    void rebuild();

    const MeasurementTableModel* m_model = nullptr;
    std::vector<StepTimeCurve> m_curves;
    PointHighlighter m_highlighter;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

}  // namespace graphlens::ui
