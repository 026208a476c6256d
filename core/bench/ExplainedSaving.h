#pragma once
// Where the saved time went, on a graphed profiled row: the eager and graphed windows that recorded
// GPU work (CuptiRecords::Full) handed to profiler/SavedTimeAttribution.h, its terms written to the
// row's explain_* columns (ms) and kernel_alignment. Only the engine knows which phases a graph
// replaces in each arm, so the captured region's phase names are decided here.
#include "profiler/ProfileSession.h"
#include "results/Measurement.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

struct CapturedRegionPhases {
    std::vector<std::string> eager;
    std::vector<std::string> graphed;
};

// Inference (`rowPhase` "infer"): forward in both arms. Training: read from the graphed window's
// phases, since a configured step scope may have fallen back to network scope (a seam, gradient
// accumulation): a `replay` phase means the whole step is one graph (eager forward, loss, backward,
// optimizer); `captured_forward` a seam split (its captured parts in both arms); otherwise forward and
// backward in both arms.
CapturedRegionPhases capturedRegionOf(const std::string& rowPhase,
                                      const std::vector<profiler::PhaseMark>& graphedMarks);

// Fills `graphedRow` when both windows have metrics (CUPTI worked in both); returns the attribution's
// notes for the log (how a term was estimated), empty when nothing was filled.
std::vector<std::string> fillExplainedSaving(results::Measurement& graphedRow,
                                             const profiler::ProfileResult& eager,
                                             const profiler::ProfileResult& graphed,
                                             std::optional<double> replayGapUs);

}  // namespace graphlens::bench
