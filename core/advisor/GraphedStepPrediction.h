#pragma once
// The graphed step predicted from the eager arm alone, before anything is captured:
//
//   predicted graphed step = eager rest + replay of the region
//   replay of the region   = its kernels' GPU time + kernels * gap per kernel + replays * host cost per replay
//   eager rest             = what stays eager, as the timed step sees it (below), plus, in network scope,
//                            the loss's backward (PredictionRegion::lossBackwardMs)
//
// Inference, when the profile has the postprocess's host time before its first wait for the GPU:
// the replay returns at once, so the host's share of the data phase and of the postprocess up to
// that wait runs while the GPU uploads and replays, and only the longer of the two chains counts:
//   eager rest = max(data host + postprocess before its wait, data GPU + region GPU + gaps)
//                - region GPU - gaps + max(postprocess GPU, postprocess - its time before the wait)
// (data host = data phase less its GPU time). Without that figure (a session from an older version)
// the rule below applies to inference too.
//
// Training in the network scope (whole network), when the profile has the loss's and the optimizer's
// host time before their first wait: the step is laid out on the host's and the GPU's clocks
// (HostGpuTimeline.h) as the graphed arm runs it: data, forward replay, loss, the loss's backward,
// backward replay, optimizer. An eager phase's host work (the profiled pass's host time) runs while
// the replay before it is still on the GPU; a phase that waits catches up with the GPU at its wait and
// then does what followed the wait in the eager phase pass. The eager rest is the step less the
// replay's terms. Without those figures (an older session) the rule below applies.
//
// The region is what the graph replaces (PredictionRegion.h); the gap and host cost come from the
// device's calibration (ReplayCalibration.h). The phase pass synchronizes at every phase boundary,
// which the timed step does not: there the eager parts overlap the GPU's work, so they cost less than
// their phase-pass sum. The rest is therefore the timed eager step less the region's phase-pass time
// when that is smaller than the rest's phase-pass sum, but never below half of that sum (a short,
// launch-bound eager step's timed median and phase pass differ by more than its rest: then the
// difference says nothing about the rest). A replay runs
// the region's kernels back to back, so a launch-bound eager step (GPU idle between kernels while the
// host launches) gains what the host spent beyond the kernels, and a GPU-bound one (its kernels already
// back to back) gains nothing: its replay costs its GPU time, which was its wall time. Nothing here
// divides by a kernel count.
#include "advisor/PredictionRegion.h"
#include "advisor/ReplayCalibration.h"
#include "results/Measurement.h"

#include <optional>
#include <string>

namespace graphlens::advisor {

enum class Verdict { LaunchBound, GpuBound, Mixed };

struct GraphedStepPrediction {
    PredictionRegion region;
    double replayGapsMs = 0;   // region kernels * gap per kernel
    double replayHostMs = 0;   // replays * host cost per replay
    double eagerRestMs = 0;    // what the rest adds to the replay, as above (the loss's backward included)
    double graphedMs = 0;      // the prediction
    double speedup = 0;        // eager step median / graphedMs
    double regionBusyShare = 0;  // GPU time / eager wall time of the region
    Verdict verdict = Verdict::Mixed;
    std::string advice;        // the verdict in one line, with the figure behind it
};

// Absent with `why` when the eager row lacks a figure (timed median, phase pass, profiled kernels).
std::optional<GraphedStepPrediction> predictGraphedStep(const results::Measurement& eager,
                                                        const ReplayCalibration& calibration, std::string* why);

// The verdict's thresholds: the region's GPU busy share, and the predicted speedup that makes
// graphs worth a capture. Public so the README and the tests name the same numbers.
inline constexpr double kLaunchBoundBusyShare = 0.5;   // below: the GPU waits on the host most of the time
inline constexpr double kGpuBoundBusyShare = 0.85;     // above: the kernels already run nearly back to back
inline constexpr double kWorthwhileSpeedup = 1.10;     // a predicted gain below 10% is not worth a capture

}  // namespace graphlens::advisor
