#pragma once
// What the "Where the saved time went" waterfall draws for one graphed row, without any widget: the
// eager step, each term of explain_saved_ms taking it down (or up), and the graphed step, as floating
// bars. The terms come from one profiled step of each arm (the window with GPU records), not from the
// timed medians, and add up to explain_saved_ms by construction (the unexplained term is the rest).
#include "results/Measurement.h"

#include <QString>
#include <optional>
#include <vector>

namespace graphlens::ui {

struct WaterfallBar {
    enum class Kind { Step, Saved, Added, Unexplained };
    QString label;  // "GPU idle removed −1.90 ms"
    double low = 0;   // where the bar starts and ends, ms (low <= high)
    double high = 0;
    double change = 0;  // the step time's change across the bar, ms (a saving is negative); a Step bar's length
    Kind kind = Kind::Step;
};

struct SavedTimeWaterfall {
    std::vector<WaterfallBar> bars;  // eager step, the five terms, graphed step; empty when `why` is set
    QString why;       // why there is no waterfall for the row
    bool absolute = false;  // levels in ms of the profiled steps; else relative to the graphed step (0)
    int batch = 0;

    // row: a graphed row (or none); graphedStepMs: its profiled step (gpu_records_step_ms of the
    // matching profiled row) when the session has it, so the bars stand on real step lengths.
    static SavedTimeWaterfall of(const results::Measurement* row, std::optional<double> graphedStepMs = {});
    // The graphed timed row the report and the Timeline tab explain by default: of the rows with
    // explain_* fields, the one with the largest measured speedup (the summary card's headline).
    static const results::Measurement* headlineRow(const std::vector<results::Measurement>& rows);
    // The profiled graphed step of `row`'s configuration in `rows`, when a profiled row kept it.
    static std::optional<double> profiledGraphedStepMs(const std::vector<results::Measurement>& rows,
                                                       const results::Measurement& row);
    // "one profiled step of each arm": how the figures were made, in every title and caption.
    static QString howMade();
};

}  // namespace graphlens::ui
