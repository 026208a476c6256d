#include "bench/ExplainedSaving.h"

#include "profiler/SavedTimeAttribution.h"
#include "profiler/ScopedPhase.h"

#include <algorithm>

namespace graphlens::bench {
namespace {

bool hasPhaseMark(const std::vector<profiler::PhaseMark>& marks, const char* name) {
    return std::any_of(marks.begin(), marks.end(),
                       [&](const profiler::PhaseMark& mark) { return mark.name == name; });
}

}  // namespace

CapturedRegionPhases capturedRegionOf(const std::string& rowPhase,
                                      const std::vector<profiler::PhaseMark>& graphedMarks) {
    using namespace profiler;
    if (rowPhase != "train") return {{kPhaseForward}, {kPhaseForward}};
    if (hasPhaseMark(graphedMarks, kPhaseReplay)) {
        return {{kPhaseForward, kPhaseLoss, kPhaseBackward, kPhaseOptimizer}, {kPhaseReplay}};
    }
    if (hasPhaseMark(graphedMarks, kPhaseCapturedForward)) {
        return {{kPhaseCapturedForward, kPhaseCapturedBackward},
                {kPhaseCapturedForward, kPhaseCapturedBackward}};
    }
    return {{kPhaseForward, kPhaseBackward}, {kPhaseForward, kPhaseBackward}};
}

std::vector<std::string> fillExplainedSaving(results::Measurement& graphedRow,
                                             const profiler::ProfileResult& eager,
                                             const profiler::ProfileResult& graphed,
                                             std::optional<double> replayGapUs) {
    if (!eager.metrics || !graphed.metrics) return {};
    const auto region = capturedRegionOf(graphedRow.phase, graphed.phases);
    const auto saved =
        profiler::attributeSavedTime({eager.batch, eager.phases, region.eager},
                                     {graphed.batch, graphed.phases, region.graphed}, replayGapUs);
    if (!saved) return {};
    const auto ms = [](double us) { return us / 1000.0; };
    graphedRow.explain_saved_ms = ms(saved->savedUs);
    graphedRow.explain_gpu_idle_ms = ms(saved->gpuIdleUs);
    graphedRow.explain_host_launch_ms = ms(saved->hostLaunchUs);
    graphedRow.explain_kernel_time_ms = ms(saved->kernelTimeUs);
    graphedRow.explain_replay_cost_ms = ms(saved->replayCostUs);
    graphedRow.explain_unexplained_ms = ms(saved->unexplainedUs);
    graphedRow.kernel_alignment = saved->kernelAlignment;
    return saved->notes;
}

}  // namespace graphlens::bench
