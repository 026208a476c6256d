#pragma once
// The "Timeline" tab: the step timeline over one trace file, with the choice of which batch (one
// eager and one graphed step each), zoom buttons and the comparison in words. While no trace is
// loaded it says how to get one. Beside it, "Where the saved time went" (SavedTimeWaterfallView)
// from the session's rows: for the configuration of the row selected in the table, else for the
// graphed row of the pair shown, else (no trace) for the headline row; so a session without a trace
// has it too.
#include "results/Measurement.h"
#include "ui/timeline/StepTrace.h"

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QStackedWidget;
class QToolButton;

namespace graphlens::ui {

class RedrawSchedule;
class SavedTimeWaterfallView;
class StepTimelineView;

class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    // False, with *error naming the file, when it is no usable trace; what is shown then stays.
    bool loadTraceFile(const QString& path, QString* error);
    void setTrace(StepTrace trace);
    // Drops the trace; `why` (when not empty) replaces the how-to in the empty state, e.g. that a run is
    // still going or ran on the CPU, where there are no GPU kernels to profile.
    void clear(const QString& why = {});
    bool hasTrace() const { return m_trace.has_value(); }
    QString traceFile() const { return m_trace ? m_trace->fileName() : QString(); }
    // The trace shown, for the report's step timeline (writeReport); nothing while none is loaded.
    const std::optional<StepTrace>& trace() const { return m_trace; }

    // Where the session's rows are read (the table model's, never copied: a sweep streams thousands
    // in). rowsChanged() redraws the waterfall, at most once per redraw interval and only while shown.
    using RowSource = std::function<const std::vector<results::Measurement>&()>;
    void setRowSource(RowSource rows);
    void rowsChanged();
    // The rows selected in the table: the waterfall explains the first one's configuration (its graphed
    // row, or why there is none) until the selection is emptied or another batch is chosen above.
    void explainSelection(const std::vector<results::Measurement>& selected);

    StepTimelineView* view() const { return m_view; }
    SavedTimeWaterfallView* waterfall() const { return m_waterfall; }
    QComboBox* pairChooser() const { return m_pairs; }
    QLabel* comparisonLabel() const { return m_comparison; }
    QLabel* emptyStateLabel() const { return m_empty; }
    // The pair's story in one sentence: which step is shorter by how much, and the idle time it lost.
    static QString comparison(const StepPair& pair);
    // Which speedup the timeline shows: one profiled step per arm, not the timed medians (the tab's
    // note under the comparison, and the report's timeline caption).
    static QString oneStepNote();
    // The empty state's how-to, shown while no reason is given.
    static QString howToGetTrace();

private:
    void showPair(int index);
    void updateWaterfall();

    std::optional<StepTrace> m_trace;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_empty = nullptr;
    QComboBox* m_pairs = nullptr;
    QLabel* m_comparison = nullptr;
    QLabel* m_file = nullptr;
    StepTimelineView* m_view = nullptr;
    SavedTimeWaterfallView* m_waterfall = nullptr;
    RedrawSchedule* m_waterfallRedraw = nullptr;
    RowSource m_rowSource;
    std::optional<results::Measurement> m_selected;  // a copy: the model's rows move as a sweep streams
};

}  // namespace graphlens::ui
