#include "bench/ProfiledRowFigures.h"

#include "profiler/ScopedPhase.h"
#include "results/PhaseColumns.h"
#include "results/ProfiledMerge.h"
#include "results/ProfilerOverhead.h"
#include "results/Statistics.h"

#include <optional>

namespace graphlens::bench {
namespace {

using results::Measurement;

void fillPhaseColumns(Measurement& row, const profiler::StepSummary& summary) {
    for (const auto& phase : summary.phases) {
        for (const auto& columns : results::kPhaseColumns) {
            if (phase.name != columns.name) continue;
            row.*columns.wallUs = phase.wallUs;
            row.*columns.gpuUs = phase.gpuUs;
            row.*columns.kernels = phase.kernels;
            // Where the phases that stay eager beside a replay first wait for the GPU: the prediction
            // of a graphed step needs to know which of their host work can run while the replay does.
            if (columns.hostBeforeWaitUs) row.*columns.hostBeforeWaitUs = phase.hostBeforeWaitUs;
        }
    }
}

// A training step split at a seam: its captured part is the captured_forward and captured_backward
// phases (nested in forward and backward). Each phase's figures are medians over the steps, so the part's
// are their sum; absent when the step has neither (no seam), one alone when the other is missing.
void fillCapturedColumns(Measurement& row, const profiler::StepSummary& summary) {
    for (const auto& phase : summary.phases) {
        if (phase.name != profiler::kPhaseCapturedForward && phase.name != profiler::kPhaseCapturedBackward) continue;
        row.captured_wall_us = row.captured_wall_us.value_or(0) + phase.wallUs;
        row.captured_gpu_us = row.captured_gpu_us.value_or(0) + phase.gpuUs;
        row.captured_kernels = row.captured_kernels.value_or(0) + phase.kernels;
    }
}

// The loss's own backward (nested in backward), where the step marked it: the host time the network
// scope's graphed step still spends on the loss's backward before the backward replay.
void fillLossBackwardColumn(Measurement& row, const profiler::StepSummary& summary) {
    for (const auto& phase : summary.phases) {
        if (phase.name == profiler::kPhaseLossBackward) row.loss_backward_wall_us = phase.wallUs;
    }
}

}  // namespace

void fillFromMetrics(results::Measurement& row, const profiler::ProfileResult& result, const std::vector<double>& stepsMs,
                     const std::vector<double>& unprofiledStepsMs) {
    row.steps = static_cast<int>(stepsMs.size());
    if (!stepsMs.empty()) {
        row.step_ms_median = results::median(stepsMs);
        row.step_ms_min = results::minimum(stepsMs);
        row.step_ms_p90 = results::quantile(stepsMs, 0.9);
    }
    if (!unprofiledStepsMs.empty()) row.unprofiled_step_ms = results::median(unprofiledStepsMs);
    if (const auto overhead = results::profilerOverhead(stepsMs, unprofiledStepsMs)) {
        row.profiler_overhead_pct = overhead->pct;
        row.profiler_overhead_ci_low = overhead->lowPct;
        row.profiler_overhead_ci_high = overhead->highPct;
    }
    if (!result.metrics) {
        row.status = "error";
        row.message = "profiled pass without CUPTI: " + result.unavailableReason;
        return;
    }
    const auto& s = result.metrics->summary;
    row.launches = s.launches;
    row.graph_launches = s.graphLaunches;
    row.kernels = s.kernels;
    row.launch_cpu_us = s.launchCpuUs;
    row.gpu_busy_us = s.gpuBusyUs;
    // gpu_idle_pct stays absent here: it is defined against the timed median only (README), which the
    // merge with the timed row supplies (results::mergeProfiledMetrics), never the profiled span.
    row.network_gpu_fraction = s.networkGpuFraction;
    row.launch_delay_us_median = s.launchDelayMedianUs;
    row.launch_delay_us_p90 = s.launchDelayP90Us;
    fillPhaseColumns(row, s);
    fillCapturedColumns(row, s);
    fillLossBackwardColumn(row, s);
    const auto& d = result.metrics->discarded;
    row.discarded_records = static_cast<double>(d.total());
}

results::Measurement failedProfiledRow(results::Measurement row, const char* arm, const std::string& status, const std::string& message) {
    row.arm = arm;
    row.status = status;
    row.message = message;
    return row;
}

}  // namespace graphlens::bench
