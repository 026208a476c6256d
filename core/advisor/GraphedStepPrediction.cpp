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

// Inference, where the profile says how long the postprocess runs on the host before it first waits
// for the GPU: the replay is launched at once, so the host goes on to the data's and postprocess's
// host work while the GPU runs the upload and the replay; the postprocess's first wait joins the two.
// The kernels the postprocess launches before that wait queue behind the replay, so its wait ends only
// after them: all of its GPU time is counted there (the profile does not split it at the wait; an
// upper bound, too high by at most its host time before the wait). In the eager phase pass the same
// wait ended after the longer of its host work and its GPU work; what followed is added unchanged.
// Returns the eager rest's share of the predicted step (what it adds beyond the replay), or nothing
// when the row lacks a figure.
std::optional<double> overlappedInferenceRestMs(const results::Measurement& eager, const PredictionRegion& region,
                                                double replayGapsMs) {
    if (eager.phase != "infer" || !eager.postprocess_host_before_wait_us || !eager.data_ms || !eager.postprocess_ms) {
        return std::nullopt;
    }
    const double dataGpuMs = eager.data_gpu_us.value_or(0) / 1000.0;
    const double postGpuMs = eager.postprocess_gpu_us.value_or(0) / 1000.0;
    const double dataHostMs = std::max(0.0, *eager.data_ms - dataGpuMs);
    const double postBeforeWaitMs = std::min(*eager.postprocess_ms, *eager.postprocess_host_before_wait_us / 1000.0);
    const double hostChainMs = dataHostMs + postBeforeWaitMs;
    const double gpuChainMs = dataGpuMs + region.gpuMs + replayGapsMs + postGpuMs;
    const double postAfterWaitMs = std::max(0.0, *eager.postprocess_ms - std::max(postBeforeWaitMs, postGpuMs));
    return std::max(hostChainMs, gpuChainMs) - region.gpuMs - replayGapsMs + postAfterWaitMs;
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
    if (const auto overlapped = overlappedInferenceRestMs(eager, *region, prediction.replayGapsMs)) {
        prediction.eagerRestMs = *overlapped;
    } else {
        const double timedRest = *eager.step_ms_median - region->eagerWallMs;
        prediction.eagerRestMs =
            std::min(region->eagerRestMs, std::max(timedRest, region->eagerRestMs / 2)) + region->lossBackwardMs;
    }
    prediction.graphedMs = prediction.eagerRestMs + region->gpuMs + prediction.replayGapsMs + prediction.replayHostMs;
    prediction.speedup = *eager.step_ms_median / prediction.graphedMs;
    prediction.regionBusyShare = region->gpuMs / region->eagerWallMs;
    judge(prediction);
    return prediction;
}

}  // namespace graphlens::advisor
