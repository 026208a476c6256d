#pragma once
// Phases: where a step's time goes. One stacked bar per (batch, arm): data, forward, loss, backward,
// optimizer and postprocess medians in ms (a phase only when some row has it), eager and graphed
// side by side for each batch; the network fraction of the eager step (%) as a marker on a second
// axis; over each graphed bar the eager step's speedup ceiling beside the speedup measured
// ("ceiling 6.7×" over "got 1.9×"), the ceiling also in the tooltip. Timed ok rows; bars per
// family/precision/memory_format/phase/scope, so training rows of the network and step graph scopes
// stay apart. A step-scope graphed training bar has data only: the rest of its step is one replay.
#include "ui/charts/ChartSeries.h"
#include "ui/charts/ModelChartView.h"

#include <QStringList>
#include <vector>

class QBarCategoryAxis;
class QValueAxis;

namespace graphlens::ui {

class ChartNotesItem;

class PhasesChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit PhasesChartView(QWidget* parent = nullptr);

    // One bar (category) per key, batch and arm, in this order.
    struct Bar {
        SeriesKey key;
        int batch = 0;
        std::string arm;
        std::vector<std::optional<double>> phaseMs;  // parallel to phases()
        std::optional<double> networkFraction;
        std::optional<double> speedupCeiling;
        std::optional<double> speedup;  // graphed bars: the measured speedup of the step
        // Graphed training in step scope: forward, loss, backward and optimizer are one graph replay
        // that the phase pass cannot split, so only data has a time.
        bool oneReplay = false;
    };
    const std::vector<Bar>& bars() const { return m_bars; }
    // The phase columns present in the rows, in step order ("data_ms", "forward_ms", ...).
    const std::vector<std::string>& phases() const { return m_phases; }
    QStringList categories() const { return m_categories; }

    static QString networkSeriesName();
    // The tooltip line of a Bar::oneReplay bar.
    static QString oneReplayNote();
    // The full name of a bar for its tooltips: "resnet18 · amp-fp16 · nchw · train (step scope) · batch 8 · graphed".
    static QString barName(const Bar& bar);
    // Over each graphed bar: the eager step's speedup ceiling above the speedup measured,
    // "ceiling 6.7×\ngot 1.9×".
    QStringList ceilingNotes() const;

    // The angle of the category labels now: 0, -30 or -90 (see fitCategoryLabels).
    int categoryLabelAngle() const;

protected:
    void rebuild() override;

private:
    // Qt elides a category label whose (slanted) box is wider than its category: upright when the
    // longest label fits, slanted 30° when that fits, else vertical, which is as wide as one line.
    void fitCategoryLabels();

    std::vector<Bar> m_bars;
    std::vector<std::string> m_phases;
    QStringList m_categories;
    QBarCategoryAxis* m_xAxis = nullptr;
    QValueAxis* m_msAxis = nullptr;
    QValueAxis* m_pctAxis = nullptr;
    ChartNotesItem* m_notes = nullptr;
};

}  // namespace graphlens::ui
