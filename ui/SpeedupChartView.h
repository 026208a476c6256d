#pragma once
// Speedup of the graphed arm over eager vs batch size, one curve per (family, precision, phase),
// with the bootstrap 95% interval as a vertical bar and a dashed "no gain" line at 1×.
// Reads its rows from the table model and redraws when the model changes.
#include "ui/SpeedupSeries.h"
#include "ui/charts/HighlightableChart.h"
#include "ui/charts/PointHighlighter.h"

#include <QChartView>
#include <vector>

class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class MeasurementTableModel;

class SpeedupChartView : public QChartView, public HighlightableChart {
    Q_OBJECT
public:
    explicit SpeedupChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const std::vector<SpeedupCurve>& curves() const { return m_curves; }
    // Marks the speedup point of each row's key and batch (the eager or the graphed row: both make it).
    void highlightRows(const std::vector<graphlens::results::Measurement>& rows) override;

    static QString referenceSeriesName();
    // Why there is no curve, from the rows' status and message ("no speedup to show (skipped: CUDA
    // graphs need a CUDA device)"); the chart's title says it when it is empty.
    static QString noSpeedupReason(const std::vector<graphlens::results::Measurement>& rows);

private:
    void rebuild();
    void addCurve(const SpeedupCurve& curve, int index);
    void addReferenceLine();

    const MeasurementTableModel* m_model = nullptr;
    std::vector<SpeedupCurve> m_curves;
    PointHighlighter m_highlighter;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

}  // namespace graphlens::ui
