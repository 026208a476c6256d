#pragma once
// Where the saved time went: one profiled step of each arm (the median-wall step of its window), the
// eager step's wall minus the graphed step's split into named terms that are each measured on the
// records, plus what they do not account for. The terms and `unexplained` add up to the saving
// exactly; unexplained is reported, never folded into a term. Definitions: profiler/README.md
// ("Where the saved time went"). Pure: tested on synthetic records without a GPU.
#include "profiler/ActivityRecords.h"
#include "profiler/PhaseRecorder.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::profiler {

// One arm's window and the phases that make its captured region: inference `forward` in both arms;
// training network scope `forward`+`backward` (a seam: `captured_forward`+`captured_backward`);
// training step scope eager `forward`,`loss`,`backward`,`optimizer`, graphed `replay`.
struct ArmRegion {
    const ActivityBatch& batch;
    const std::vector<PhaseMark>& marks;
    std::vector<std::string> regionPhases;
};

struct SavedTime {
    double savedUs = 0;              // eager step wall - graphed step wall
    double gpuIdleUs = 0;            // GPU idle between the eager region's work, less the replay's own gaps
    double hostLaunchUs = 0;         // eager region: launching before its GPU work starts
    double kernelTimeUs = 0;         // GPU busy that changed in the region, plus copies/syncs outside it
    double replayCostUs = 0;         // the graphed region outside its replays (graph launch, prologue): <= 0
    double unexplainedUs = 0;        // savedUs minus the four terms above
    std::string kernelAlignment;     // KernelAlignment.h
    std::vector<std::string> notes;  // how a term was estimated, one line each (e.g. no calibration)
    int eagerStep = 0;               // which step of each window (start order)
    int graphedStep = 0;
    double replayGapsUs = 0;          // what gpuIdleUs subtracted for the replay's gaps
    bool replayGapsMeasured = false;  // true: node-level replays, gaps from their records
};

// `replayGapUs`: GPU idle per kernel inside a replay, from the device's calibration; without it no
// replay gap is subtracted under graph-level tracing (a note says so). Absent when either window has
// no closed step range.
std::optional<SavedTime> attributeSavedTime(const ArmRegion& eager, const ArmRegion& graphed,
                                            std::optional<double> replayGapUs);

}  // namespace graphlens::profiler
