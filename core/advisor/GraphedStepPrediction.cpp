#include "advisor/GraphedStepPrediction.h"

#include <algorithm>
#include <cstdio>

namespace graphlens::advisor {
namespace {

std::string percent(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f%%", 100.0 * share);
    return text;
}

std::string milliseconds(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g ms", ms);
    return text;
}

void judge(GraphedStepPrediction& prediction) {
    const auto& region = prediction.region;
    const std::string busy = "the GPU is busy " + percent(prediction.regionBusyShare) + " of " + region.name +
                             "'s " + milliseconds(region.eagerWallMs);
    if (prediction.regionBusyShare >= kGpuBoundBusyShare || prediction.speedup < 1.0 + (kWorthwhileSpeedup - 1.0) / 2) {
        prediction.verdict = Verdict::GpuBound;
        prediction.advice = "GPU-bound: graphs will not help (" + busy + ")";
    } else if (prediction.regionBusyShare < kLaunchBoundBusyShare && prediction.speedup >= kWorthwhileSpeedup) {
        prediction.verdict = Verdict::LaunchBound;
        prediction.advice = "launch-bound: graphs help (" + busy + ")";
    } else {
        prediction.verdict = Verdict::Mixed;
        prediction.advice = "mixed: graphs help a little (" + busy + ")";
    }
}

}  // namespace

std::optional<GraphedStepPrediction> predictGraphedStep(const results::Measurement& eager,
                                                        const ReplayCalibration& calibration, std::string* why) {
    if (eager.status != "ok") {
        if (why) *why = "the eager arm did not run (" + eager.status + ")";
        return std::nullopt;
    }
    if (!eager.step_ms_median || *eager.step_ms_median <= 0) {
        if (why) *why = "no timed eager step";
        return std::nullopt;
    }
    auto region = predictionRegionOf(eager, why);
    if (!region) return std::nullopt;
    if (region->eagerWallMs <= 0) {
        if (why) *why = region->name + " took no time in the phase pass";
        return std::nullopt;
    }
    GraphedStepPrediction prediction;
    prediction.region = *region;
    prediction.replayGapsMs = region->kernels * calibration.gapUsPerKernel / 1000.0;
    prediction.replayHostMs = region->replays * calibration.hostUsPerReplay / 1000.0;
    const double timedRest = *eager.step_ms_median - region->eagerWallMs;
    prediction.eagerRestMs =
        std::min(region->eagerRestMs, std::max(timedRest, region->eagerRestMs / 2)) + region->lossBackwardMs;
    prediction.graphedMs = prediction.eagerRestMs + region->gpuMs + prediction.replayGapsMs + prediction.replayHostMs;
    prediction.speedup = *eager.step_ms_median / prediction.graphedMs;
    prediction.regionBusyShare = region->gpuMs / region->eagerWallMs;
    judge(prediction);
    return prediction;
}

}  // namespace graphlens::advisor
