#pragma once
// Speedup of the graphed arm over eager vs batch size, one curve per (family, precision, phase),
// with the bootstrap 95% interval as a vertical bar and a dashed "no gain" line at 1×. Beside each
// measured curve, in its colour and dashed, the advisor's speedup predicted before capture; an advise
// session (eager rows only) draws the prediction alone. Empty, its
// title says why (EmptyChartReason: "no speedup to show (skipped: CUDA graphs need a CUDA device)").
// A view over the table model's charted rows (ModelChartView).
#include "ui/charts/ModelChartView.h"
#include "ui/charts/SpeedupSeries.h"

#include <vector>

class QColor;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace graphlens::ui {

class ErrorBarsItem;
class SeriesNaming;
class ValueLabelsItem;

class SpeedupChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit SpeedupChartView(QWidget* parent = nullptr);

    const std::vector<SpeedupCurve>& curves() const { return m_curves; }
    // The 95% interval whiskers now drawn, one per point that has an interval.
    int whiskerCount() const;
    // The "2.65×" labels beside the points, one per point, laid out so that none overlaps another.
    const ValueLabelsItem* valueLabels() const { return m_valueLabels; }

    static QString referenceSeriesName();
    // A curve's legend name: what tells its key from the others ("train (step scope)"), or
    // "speedup" when the chart has one key (named in the title).
    static QString curveSeriesName(const SeriesNaming& naming, const SeriesKey& key);
    // Beside a prediction: "measured" / "predicted", after what tells the key apart ("train · predicted").
    static QString kindSeriesName(const SeriesNaming& naming, const SeriesKey& key, const QString& kind);
    static QString measuredName();
    static QString predictedName();
    // What hovering a point of `curve` at `batch` shows: the measured speedup, the predicted one and
    // the prediction's error, whichever the rows have.
    static QString tooltipText(const SpeedupCurve& curve, int batch);

protected:
    // A selected row marks the speedup point of its key and batch (the eager or the graphed row: both make it).
    void rebuild() override;

private:
    void addCurve(const SpeedupCurve& curve, const QColor& color, const SeriesNaming& naming, bool besidePrediction);
    void addPrediction(const SpeedupCurve& curve, const QColor& color, const SeriesNaming& naming, bool alone);
    void connectTooltip(QLineSeries* line, const SpeedupCurve& curve, bool predicted);
    void addReferenceLine();

    std::vector<SpeedupCurve> m_curves;
    ErrorBarsItem* m_whiskers = nullptr;
    ValueLabelsItem* m_valueLabels = nullptr;
    QLogValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

}  // namespace graphlens::ui
