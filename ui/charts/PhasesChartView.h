#pragma once
// Phases: where a step's time goes. One stacked bar per (batch, arm): data, forward, loss, backward,
// optimizer and postprocess medians in ms (a phase only when some row has it), eager and graphed
// side by side for each batch; the network fraction of the eager step (%) as a marker on a second
// axis; over each graphed bar the eager step's speedup ceiling beside the speedup measured
// ("ceiling 6.7×" over "got 1.9×"), the ceiling also in the tooltip. Timed ok rows; bars per
// family/precision/memory_format/phase/scope, so training rows of the network and step graph scopes
// stay apart. A step-scope graphed training bar has data only: the rest of its step is one replay.
#include "ui/charts/ModelChartView.h"
#include "ui/charts/PhaseBars.h"

#include <QStringList>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QScatterSeries;
class QStackedBarSeries;
class QValueAxis;

namespace graphlens::ui {

class ChartNotesItem;

class PhasesChartView : public ModelChartView {
    Q_OBJECT
public:
    explicit PhasesChartView(QWidget* parent = nullptr);

    // One bar (category) per key, batch and arm, in this order (see PhaseBars).
    using Bar = PhaseBar;
    const std::vector<Bar>& bars() const { return m_data.bars; }
    // The phase columns present in the rows, in step order ("data_ms", "forward_ms", ...).
    const std::vector<std::string>& phases() const { return m_data.phases; }
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

    // rebuild()'s steps, in the order it takes them: the series are built on the new categories,
    // and the notes are anchored to the bar series.
    QStringList categoryLabels() const;
    void resetCategoryAxis();
    QStackedBarSeries* addPhaseStack();
    void showPhaseTooltips(QBarSet* set, size_t phase);
    void addCeilingNotes(QStackedBarSeries* stacked);
    void addNetworkMarkers();
    void showNetworkTooltips(QScatterSeries* network);
    void setTitleFor(const std::vector<results::Measurement>& rows);

    PhaseBars m_data;
    QStringList m_categories;  // parallel to m_data.bars
    QBarCategoryAxis* m_xAxis = nullptr;
    QValueAxis* m_msAxis = nullptr;
    QValueAxis* m_pctAxis = nullptr;
    ChartNotesItem* m_notes = nullptr;
};

}  // namespace graphlens::ui
