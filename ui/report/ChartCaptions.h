#pragma once
// How to read each chart, in a sentence or two for someone who did not run the sweep: what the axes
// are, which way is better, and how the figures were measured (medians of timed steps, or one
// profiled step). The one copy of these words: the report prints them above each chart, and a
// window that explains its charts takes them from here too.
#include "results/Measurement.h"

#include <QCoreApplication>
#include <QString>
#include <vector>

namespace graphlens::ui {

struct StepPair;

enum class ChartKind { Speedup, StepTime, Replays, Vram, LaunchOverhead, Phases, StepTimeline, SavedTime };

class ChartCaptions {
    Q_DECLARE_TR_FUNCTIONS(ChartCaptions)
public:
    static QString reading(ChartKind kind);
    // The step timeline's reading, then what this pair shows (TimelinePanel::comparison) and which
    // speedup it is (TimelinePanel::oneStepNote).
    static QString timeline(const StepPair& pair);
    // The speedup chart's reading, then the advisor's prediction beside the measurement where rows
    // carry one: "At batch 8 the speedup predicted before capture was 2.60×; 2.67× was measured."
    static QString speedup(const std::vector<results::Measurement>& rows);
    // The waterfall's reading, then the row's figures: the saved time and its largest term.
    static QString savedTime(const results::Measurement& graphedRow);
};

}  // namespace graphlens::ui
