#include "bench/SweepRowFigures.h"

#include "graphs/OutOfMemory.h"
#include "profiler/ScopedPhase.h"
#include "results/ErrorText.h"
#include "results/Statistics.h"

#include <utility>

namespace graphlens::bench {

using results::Measurement;

void fillPeaks(Measurement& row, const graphs::DeviceMemory& memory) {
    if (!memory.isCuda()) return;  // the CPU has no VRAM to report
    const auto peaks = memory.peaks();
    row.vram_peak_allocated_mb = graphs::toMiB(peaks.allocatedBytes);
    row.vram_peak_reserved_mb = graphs::toMiB(peaks.reservedBytes);
    const auto usage = memory.deviceUsage();
    row.device_used_mb = graphs::toMiB(usage.usedBytes);
    row.device_outside_allocator_mb = graphs::toMiB(usage.usedBytes - memory.reservedBytes());
}

results::RoundSummary fillTiming(Measurement& row, const std::vector<std::vector<double>>& rounds) {
    const auto summary = results::summariseRounds(rounds);
    row.steps = summary.steps;
    row.rounds = static_cast<double>(summary.rounds);
    row.step_ms_median = summary.median;
    row.step_ms_min = summary.min;
    row.step_ms_p90 = summary.p90;
    row.step_ms_ci_low = summary.ciLow;
    row.step_ms_ci_high = summary.ciHigh;
    row.step_ms_round_spread_pct = summary.roundSpreadPct;
    row.step_ms_iqr_pct = summary.maxIqrPct;
    return summary;
}

void fillGraphedComparison(const Measurement& eager, Measurement& graphed,
                           const std::vector<std::vector<double>>& eagerRounds,
                           const std::vector<std::vector<double>>& graphedRounds, double captureMs) {
    graphed.capture_ms = captureMs;
    graphed.speedup = *eager.step_ms_median / *graphed.step_ms_median;
    const auto interval = results::bootstrapRoundRatioInterval(eagerRounds, graphedRounds);
    graphed.speedup_ci_low = interval.low;
    graphed.speedup_ci_high = interval.high;
    if (eager.vram_peak_reserved_mb && graphed.vram_peak_reserved_mb) {
        graphed.vram_delta_reserved_mb = *graphed.vram_peak_reserved_mb - *eager.vram_peak_reserved_mb;
    }
    const double savingMs = *eager.step_ms_median - *graphed.step_ms_median;
    if (savingMs > 0) graphed.break_even_replays = captureMs / savingMs;
}

void fillPhases(Measurement& row, const SynchronizedPhaseTimer& timer) {
    row.data_ms = timer.medianMs(profiler::kPhaseData);
    row.forward_ms = timer.medianMs(profiler::kPhaseForward);
    row.loss_ms = timer.medianMs(profiler::kPhaseLoss);
    row.backward_ms = timer.medianMs(profiler::kPhaseBackward);
    row.optimizer_ms = timer.medianMs(profiler::kPhaseOptimizer);
    row.postprocess_ms = timer.medianMs(profiler::kPhasePostprocess);
    row.replay_ms = timer.medianMs(profiler::kPhaseReplay);  // a whole-step graph has no phases inside
    // A step split at a seam: how much of it the captured part is (its forward and backward, nested in
    // those phases), the most the graph can act on.
    const auto capturedForward = timer.medianMs(profiler::kPhaseCapturedForward);
    const auto capturedBackward = timer.medianMs(profiler::kPhaseCapturedBackward);
    double all = 0;
    for (const auto& value : {row.data_ms, row.forward_ms, row.loss_ms, row.backward_ms, row.optimizer_ms, row.postprocess_ms}) {
        if (value) all += *value;
    }
    if (capturedForward) row.captured_ms = *capturedForward + capturedBackward.value_or(0);
    if (capturedForward && all > 0) row.captured_share = *row.captured_ms / all;
}

void fillNetworkFraction(Measurement& eager, Measurement* graphed) {
    double network = 0, all = 0;
    for (const auto& [value, isNetwork] : {std::pair{eager.data_ms, false}, std::pair{eager.forward_ms, true},
                                           std::pair{eager.loss_ms, false}, std::pair{eager.backward_ms, true},
                                           std::pair{eager.optimizer_ms, false}, std::pair{eager.postprocess_ms, false}}) {
        if (!value) continue;
        all += *value;
        if (isNetwork) network += *value;
    }
    if (all <= 0) return;
    eager.network_fraction = network / all;
    if (*eager.network_fraction < 1.0) eager.speedup_ceiling = 1.0 / (1.0 - *eager.network_fraction);
    if (graphed) {
        graphed->network_fraction = eager.network_fraction;
        graphed->speedup_ceiling = eager.speedup_ceiling;
        graphed->captured_share = eager.captured_share;
    }
}

void markFailed(Measurement& row, const std::string& status, const std::string& message) {
    row.status = status;
    row.message = message;
}

std::string markPairFailed(const std::exception& error, int batch, Measurement& eager, bool eagerDone, Measurement& graphed,
                           bool graphedDone) {
    const bool oom = graphs::isOutOfMemory(error);
    const std::string why = (oom ? "out of memory at batch " : "failed at batch ") + std::to_string(batch) + ": " +
                            results::errorCause(error.what());
    if (!eagerDone) markFailed(eager, oom ? "oom" : "error", why);
    if (!graphedDone && graphed.status == "ok") markFailed(graphed, oom ? "oom" : "error", why);
    return why;
}

}  // namespace graphlens::bench
