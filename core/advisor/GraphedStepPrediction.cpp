#include "advisor/GraphedStepPrediction.h"

#include "advisor/HostGpuTimeline.h"
#include "results/PhaseColumns.h"

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

// A phase's host time before its first wait within this share of its whole host time: it did not wait
// (both are medians over the profiled steps, so a wait in some steps only shows as a small difference).
constexpr double kNoWaitShare = 0.98;

// One eager phase beside the replays, on the timeline; false when the row lacks one of its figures.
// Its host time is the profiled pass's (no synchronize at the phase's end there, so it is what the
// host spent, its own waits included). When the phase waited for the GPU, the host runs up to the
// wait, catches up with the GPU there (with the replay before it, in the graphed step), and then does
// what followed the wait in the eager phase pass. A phase without a wait column (data) never waits.
bool placeEagerPhase(HostGpuTimeline& timeline, const results::Measurement& row, const results::PhaseColumns& phase) {
    const auto& hostUs = row.*phase.wallUs;
    const auto& phaseMs = row.*phase.phaseMs;
    if (!hostUs || !phaseMs) return false;
    std::optional<double> beforeWaitUs;
    if (phase.hostBeforeWaitUs) {
        beforeWaitUs = row.*phase.hostBeforeWaitUs;
        if (!beforeWaitUs) return false;
    }
    const double hostMs = *hostUs / 1000.0;
    const double gpuMs = (row.*phase.gpuUs).value_or(0) / 1000.0;
    if (!beforeWaitUs || *beforeWaitUs >= kNoWaitShare * *hostUs) {
        timeline.run(hostMs, gpuMs);
        return true;
    }
    const double beforeMs = std::min(hostMs, *beforeWaitUs / 1000.0);
    timeline.run(beforeMs, gpuMs);
    timeline.waitForGpu();
    timeline.host(std::max(0.0, *phaseMs - std::max(beforeMs, gpuMs)));
    return true;
}

// Training in the network scope (whole network), when the profile says where the loss and the
// optimizer first wait for the GPU: the step as the graphed arm runs it, data, forward replay, loss,
// the loss's backward (eager), backward replay, optimizer, on the host's and the GPU's clocks. The
// eager phases' host work runs while an earlier replay is still on the GPU unless they wait for it.
// Returns the whole predicted step, or nothing when the row lacks a figure (an older session).
std::optional<double> overlappedNetworkStepMs(const results::Measurement& eager, const PredictionRegion& region,
                                              const ReplayCalibration& calibration) {
    if (eager.phase != "train" || eager.scope != "network" || eager.captured_ms) return std::nullopt;
    const double gapMs = calibration.gapUsPerKernel / 1000.0;
    const double replayHostMs = calibration.hostUsPerReplay / 1000.0;
    // The replayed phases' GPU time and kernels (predictionRegionOf required their kernel counts).
    const auto replayGpuMs = [&](const results::PhaseColumns& phase) {
        return (eager.*phase.gpuUs).value_or(0) / 1000.0 + (eager.*phase.kernels).value_or(0) * gapMs;
    };
    HostGpuTimeline timeline;
    if (!placeEagerPhase(timeline, eager, results::kDataColumns)) return std::nullopt;
    timeline.replay(replayHostMs, replayGpuMs(results::kForwardColumns));
    if (!placeEagerPhase(timeline, eager, results::kLossColumns)) return std::nullopt;
    timeline.host(region.lossBackwardMs);
    timeline.replay(replayHostMs, replayGpuMs(results::kBackwardColumns));
    if (!placeEagerPhase(timeline, eager, results::kOptimizerColumns)) return std::nullopt;
    return timeline.endMs();
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
    } else if (const auto stepMs = overlappedNetworkStepMs(eager, *region, calibration)) {
        // What the eager phases add beyond the replays; none when all of it hid under them.
        prediction.eagerRestMs =
            std::max(0.0, *stepMs - region->gpuMs - prediction.replayGapsMs - prediction.replayHostMs);
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
