#pragma once
// The part of a step the graphed arm replays, read off the eager row: its phases' wall time (phase
// pass), their kernels' GPU time and count (profiled pass, window with GPU records), and what stays
// eager. Which phases that is follows DESIGN §3:
//   inference (either scope)      forward; data and postprocess stay eager
//   training, network scope       forward and backward (two replays); data, loss, optimizer eager
//   training split at a seam      the captured part of forward and backward (captured_*); the rest eager
//   training, step scope          forward, loss, backward and optimizer in one replay; data eager
#include "results/Measurement.h"

#include <optional>
#include <string>

namespace graphlens::advisor {

struct PredictionRegion {
    std::string name;          // for people: "forward", "forward and backward", ...
    double eagerWallMs = 0;    // phase pass medians of the region's phases
    double gpuMs = 0;          // union of the region's kernels per step
    double kernels = 0;        // kernels per step in the region
    int replays = 1;           // graph launches per step (network scope: forward and backward graphs)
    double eagerRestMs = 0;    // phase pass medians of the phases outside it
    // Training, network scope, whole network: the loss's backward is not in the backward graph, it runs
    // eagerly inside the backward phase: its host time as the profiled pass marked it
    // (loss_backward_wall_us); in older sessions the loss phase's host time (its wall time less its
    // GPU time), which for a detector also counts label assignment.
    double lossBackwardMs = 0;
};

// Absent when the row lacks a figure the region needs; `why` then names it.
std::optional<PredictionRegion> predictionRegionOf(const results::Measurement& eager, std::string* why);

}  // namespace graphlens::advisor
