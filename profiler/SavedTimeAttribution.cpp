#include "profiler/SavedTimeAttribution.h"

#include "profiler/KernelAlignment.h"
#include "profiler/RegionTimeline.h"

#include <algorithm>

namespace graphlens::profiler {
namespace {

double nsToUs(uint64_t ns) {
    return static_cast<double>(ns) / 1000.0;
}

// The replay's own gaps between its kernels: measured where its nodes were recorded, else the
// calibration's gap per kernel times the kernel nodes (never more than the replay's span).
double replayGapsOf(const RegionTimeline& graphed, std::optional<double> replayGapUs, SavedTime& out) {
    if (graphed.nodeLevelReplays > 0 && graphed.graphLevelReplays == 0) {
        out.replayGapsMeasured = true;
        return nsToUs(graphed.replaySpanNs() - graphed.replayBusyNs());
    }
    if (graphed.graphLevelReplays == 0) return 0;
    if (!replayGapUs) {
        out.notes.push_back(
            "no replay gap per kernel calibrated: no replay gaps subtracted (gpu_idle holds the "
            "eager idle, kernel_time the replay's gaps)");
        return 0;
    }
    if (graphed.replaysUncounted > 0) {
        out.notes.push_back("a replayed graph's kernel count is unknown: its gaps are not subtracted");
    }
    const double span = nsToUs(graphed.replaySpanNs());
    const double gaps = *replayGapUs * graphed.graphKernelNodes;
    if (gaps > span) out.notes.push_back("calibrated replay gaps exceed the replay's span: capped at it");
    return std::clamp(gaps, 0.0, span);
}

}  // namespace

std::optional<SavedTime> attributeSavedTime(const ArmRegion& eager, const ArmRegion& graphed,
                                            std::optional<double> replayGapUs) {
    const auto e = regionTimeline(eager.batch, eager.marks, eager.regionPhases);
    const auto g = regionTimeline(graphed.batch, graphed.marks, graphed.regionPhases);
    if (!e || !g) return std::nullopt;
    SavedTime out;
    out.eagerStep = e->stepIndex;
    out.graphedStep = g->stepIndex;
    out.kernelAlignment = describeKernelAlignment(*e, *g);
    if (e->segments.empty()) out.notes.push_back("the eager step has no captured-region phase");
    if (g->segments.empty()) out.notes.push_back("the graphed step has no captured-region phase");

    out.replayGapsUs = replayGapsOf(*g, replayGapUs, out);
    // Differences of doubles of ns counts: exact well beyond any step length, so the sum checks out.
    out.savedUs = nsToUs(e->wallNs()) - nsToUs(g->wallNs());
    out.gpuIdleUs = nsToUs(e->idleNs()) - out.replayGapsUs;
    out.hostLaunchUs = nsToUs(e->launchLeadNs());
    out.kernelTimeUs = nsToUs(e->busyNs()) - (nsToUs(g->replaySpanNs()) - out.replayGapsUs) +
                       (nsToUs(e->outsideCopySyncNs) - nsToUs(g->outsideCopySyncNs));
    out.replayCostUs = -(nsToUs(g->extentNs()) - nsToUs(g->replaySpanNs()));
    out.unexplainedUs =
        out.savedUs - (out.gpuIdleUs + out.hostLaunchUs + out.kernelTimeUs + out.replayCostUs);
    return out;
}

}  // namespace graphlens::profiler
