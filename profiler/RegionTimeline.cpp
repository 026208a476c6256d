#include "profiler/RegionTimeline.h"

#include "profiler/Correlation.h"
#include "profiler/MergedIntervals.h"
#include "profiler/RecordedApis.h"

#include <algorithm>
#include <map>

namespace graphlens::profiler {
namespace {

// Names here are unique in the profiler target: the unity build compiles its files as one.
enum class RegionWorkKind { EagerKernel, EagerCopy, NodeKernel, NodeCopy, GraphReplay };

struct RegionWork {
    uint64_t issuedAt = 0;  // start of the API call that issued it
    Interval interval;
    RegionWorkKind kind = RegionWorkKind::EagerKernel;
    std::size_t api = 0;                // index into CorrelatedRecords::apis
    const std::string* name = nullptr;  // kernels only
    uint32_t graphId = 0;
};

bool closedRange(const PhaseMark& mark) {
    return mark.end != 0 && mark.end >= mark.start;
}

// The window's closed step ranges, in start order (as computeMetrics numbers them).
std::vector<const PhaseMark*> stepRangesOf(const std::vector<PhaseMark>& marks,
                                           const std::string& stepPhase) {
    std::vector<const PhaseMark*> steps;
    for (const auto& mark : marks) {
        if (mark.name == stepPhase && closedRange(mark)) steps.push_back(&mark);
    }
    std::stable_sort(steps.begin(), steps.end(),
                     [](const PhaseMark* a, const PhaseMark* b) { return a->start < b->start; });
    return steps;
}

std::vector<RegionWork> workOfStep(const CorrelatedRecords& records, const PhaseMark& step) {
    const auto inStep = [&](uint64_t t) { return t >= step.start && t <= step.end; };
    std::vector<RegionWork> work;
    for (const auto& kernel : records.kernels) {
        const uint64_t issuedAt = records.apis[kernel.api].record->start;
        if (!inStep(issuedAt)) continue;
        const auto kind =
            kernel.record->graphId == 0 ? RegionWorkKind::EagerKernel : RegionWorkKind::NodeKernel;
        work.push_back({issuedAt,
                        {kernel.record->start, kernel.record->end},
                        kind,
                        kernel.api,
                        &kernel.record->name,
                        kernel.record->graphId});
    }
    for (const auto& copy : records.copies) {
        const uint64_t issuedAt = records.apis[copy.api].record->start;
        if (!inStep(issuedAt)) continue;
        const auto kind = copy.record->graphId == 0 ? RegionWorkKind::EagerCopy : RegionWorkKind::NodeCopy;
        work.push_back({issuedAt,
                        {copy.record->start, copy.record->end},
                        kind,
                        copy.api,
                        nullptr,
                        copy.record->graphId});
    }
    for (const auto& graph : records.graphExecutions) {
        const uint64_t issuedAt = records.apis[graph.api].record->start;
        if (!inStep(issuedAt)) continue;
        work.push_back({issuedAt,
                        {graph.record->start, graph.record->end},
                        RegionWorkKind::GraphReplay,
                        graph.api,
                        nullptr,
                        graph.record->graphId});
    }
    std::stable_sort(work.begin(), work.end(), [](const RegionWork& a, const RegionWork& b) {
        return a.interval.first < b.interval.first;
    });
    return work;
}

// Host hulls of the region's ranges in the step, split where another phase starts between two of them.
// A phase nested inside a region range is part of the region; one holding a region range (forward
// around captured_forward) is its parent, not an interruption.
std::vector<Interval> segmentHullsOf(const std::vector<PhaseMark>& marks, const PhaseMark& step,
                                     const std::vector<std::string>& regionPhases,
                                     const std::string& stepPhase) {
    const auto inStep = [&](uint64_t t) { return t >= step.start && t <= step.end; };
    const auto isRegion = [&](const std::string& name) {
        return std::find(regionPhases.begin(), regionPhases.end(), name) != regionPhases.end();
    };
    std::vector<Interval> ranges;
    for (const auto& mark : marks) {
        if (closedRange(mark) && mark.name != stepPhase && inStep(mark.start) && isRegion(mark.name)) {
            ranges.push_back({mark.start, mark.end});
        }
    }
    const auto merged = mergeIntervals(ranges);
    std::vector<uint64_t> interruptions;
    for (const auto& mark : marks) {
        if (!closedRange(mark) || mark.name == stepPhase || !inStep(mark.start) || isRegion(mark.name))
            continue;
        const bool nested = std::any_of(merged.begin(), merged.end(), [&](const Interval& r) {
            return mark.start >= r.first && mark.start < r.second;
        });
        const bool parent = std::any_of(merged.begin(), merged.end(), [&](const Interval& r) {
            return mark.start <= r.first && r.second <= mark.end;
        });
        if (!nested && !parent) interruptions.push_back(mark.start);
    }
    std::vector<Interval> hulls;
    for (const auto& range : merged) {
        const bool interrupted =
            !hulls.empty() && std::any_of(interruptions.begin(), interruptions.end(), [&](uint64_t t) {
                return t >= hulls.back().second && t < range.first;
            });
        if (hulls.empty() || interrupted) {
            hulls.push_back(range);
        } else {
            hulls.back().second = range.second;
        }
    }
    return hulls;
}

RegionSegment measureSegment(const Interval& hull, const std::vector<RegionWork>& work) {
    RegionSegment segment;
    segment.hostStart = hull.first;
    segment.hostEnd = hull.second;
    uint64_t priorEnd = 0;  // GPU work the step issued before the segment
    std::vector<const RegionWork*> mine;
    for (const auto& item : work) {
        if (item.issuedAt < hull.first) priorEnd = std::max(priorEnd, item.interval.second);
        if (item.issuedAt >= hull.first && item.issuedAt <= hull.second) mine.push_back(&item);
    }
    segment.start = std::max(hull.first, priorEnd);
    std::vector<Interval> busy, replays, replayNodes;
    std::map<std::size_t, Interval> nodeReplayHulls;  // node-level: one hull per graph launch
    for (const auto* item : mine) {
        if (!segment.hasWork) {
            segment.workStart = item->interval.first;
            segment.workEnd = item->interval.second;
            segment.hasWork = true;
        }
        segment.workStart = std::min(segment.workStart, item->interval.first);
        segment.workEnd = std::max(segment.workEnd, item->interval.second);
        busy.push_back(item->interval);
        if (item->kind == RegionWorkKind::GraphReplay) {
            replays.push_back(item->interval);
            replayNodes.push_back(item->interval);
        } else if (item->kind == RegionWorkKind::NodeKernel || item->kind == RegionWorkKind::NodeCopy) {
            replayNodes.push_back(item->interval);
            auto [it, inserted] = nodeReplayHulls.emplace(item->api, item->interval);
            if (!inserted) {
                it->second.first = std::min(it->second.first, item->interval.first);
                it->second.second = std::max(it->second.second, item->interval.second);
            }
        }
    }
    for (const auto& [api, replayHull] : nodeReplayHulls) replays.push_back(replayHull);
    if (segment.hasWork) segment.start = std::min(segment.start, segment.workStart);
    segment.end = std::max({segment.hostEnd, segment.workEnd, segment.start});
    segment.busyNs = unionLength(std::move(busy));
    segment.replaySpanNs = unionLength(std::move(replays));
    segment.replayBusyNs = unionLength(std::move(replayNodes));
    if (segment.hasWork) {
        // Launching before the GPU starts on the region: each issuing call from its start to its
        // work's start (the call, then the launch latency), inside [start, workStart].
        std::vector<Interval> leads;
        for (const auto* item : mine) {
            leads.push_back(
                {std::max(item->issuedAt, segment.start), std::min(item->interval.first, segment.workStart)});
        }
        segment.launchLeadNs = unionLength(std::move(leads));
    }
    return segment;
}

uint64_t outsideCopySyncOf(const CorrelatedRecords& records, const PhaseMark& step,
                           const std::vector<RegionWork>& work, const std::vector<RegionSegment>& segments) {
    std::vector<Interval> copiesAndSyncs;
    for (const auto& item : work) {
        if (item.kind == RegionWorkKind::EagerCopy || item.kind == RegionWorkKind::NodeCopy) {
            copiesAndSyncs.push_back(item.interval);
        }
    }
    for (const auto& api : records.apis) {
        const auto* call = api.record;
        if (call->start >= step.start && call->start <= step.end &&
            recordedApiRole(call->domain, call->cbid) == ApiRole::Synchronize) {
            copiesAndSyncs.push_back({call->start, call->end});
        }
    }
    const auto merged = mergeIntervals(std::move(copiesAndSyncs));
    std::vector<Interval> extents;
    for (const auto& segment : segments) {
        extents.push_back({std::max(segment.start, step.start), std::min(segment.end, step.end)});
    }
    return overlapLength(merged, {{step.start, step.end}}) -
           overlapLength(merged, mergeIntervals(std::move(extents)));
}

template <typename Field>
uint64_t sumOver(const std::vector<RegionSegment>& segments, Field field) {
    uint64_t total = 0;
    for (const auto& segment : segments) total += field(segment);
    return total;
}

}  // namespace

uint64_t RegionTimeline::extentNs() const {
    return sumOver(segments, [](const RegionSegment& s) { return s.extentNs(); });
}
uint64_t RegionTimeline::busyNs() const {
    return sumOver(segments, [](const RegionSegment& s) { return s.busyNs; });
}
uint64_t RegionTimeline::idleNs() const {
    return sumOver(segments, [](const RegionSegment& s) { return s.idleNs(); });
}
uint64_t RegionTimeline::launchLeadNs() const {
    return sumOver(segments, [](const RegionSegment& s) { return s.launchLeadNs; });
}
uint64_t RegionTimeline::replaySpanNs() const {
    return sumOver(segments, [](const RegionSegment& s) { return s.replaySpanNs; });
}
uint64_t RegionTimeline::replayBusyNs() const {
    return sumOver(segments, [](const RegionSegment& s) { return s.replayBusyNs; });
}

std::optional<std::size_t> medianWallStep(const std::vector<PhaseMark>& marks, const std::string& stepPhase) {
    const auto steps = stepRangesOf(marks, stepPhase);
    if (steps.empty()) return std::nullopt;
    std::vector<std::size_t> order(steps.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return steps[a]->end - steps[a]->start < steps[b]->end - steps[b]->start;
    });
    return order[(order.size() - 1) / 2];
}

std::optional<RegionTimeline> regionTimeline(const ActivityBatch& batch, const std::vector<PhaseMark>& marks,
                                             const std::vector<std::string>& regionPhases,
                                             const std::string& stepPhase) {
    const auto chosen = medianWallStep(marks, stepPhase);
    if (!chosen) return std::nullopt;
    const auto steps = stepRangesOf(marks, stepPhase);
    const PhaseMark& step = *steps[*chosen];
    const auto records = correlate(batch);
    const auto work = workOfStep(records, step);

    RegionTimeline timeline;
    timeline.stepIndex = static_cast<int>(*chosen);
    timeline.steps = static_cast<int>(steps.size());
    timeline.stepStart = step.start;
    timeline.stepEnd = step.end;
    const auto hulls = segmentHullsOf(marks, step, regionPhases, stepPhase);
    for (const auto& hull : hulls) timeline.segments.push_back(measureSegment(hull, work));
    timeline.outsideCopySyncNs = outsideCopySyncOf(records, step, work, timeline.segments);

    std::vector<std::size_t> nodeLevelLaunches;  // api indices of node-level graph launches
    for (const auto& item : work) {              // in start order
        const bool inRegion = std::any_of(hulls.begin(), hulls.end(), [&](const Interval& h) {
            return item.issuedAt >= h.first && item.issuedAt <= h.second;
        });
        if (!inRegion) continue;
        switch (item.kind) {
            case RegionWorkKind::EagerKernel:
                timeline.eagerKernels.push_back(*item.name);
                break;
            case RegionWorkKind::NodeKernel:
                timeline.graphNodeKernels.push_back(*item.name);
                [[fallthrough]];
            case RegionWorkKind::NodeCopy:
                if (std::find(nodeLevelLaunches.begin(), nodeLevelLaunches.end(), item.api) ==
                    nodeLevelLaunches.end()) {
                    nodeLevelLaunches.push_back(item.api);
                }
                break;
            case RegionWorkKind::GraphReplay:
                ++timeline.graphLevelReplays;
                if (const auto it = batch.graphKernelNodes.find(item.graphId);
                    it != batch.graphKernelNodes.end()) {
                    timeline.graphKernelNodes += it->second;
                } else {
                    ++timeline.replaysUncounted;
                }
                break;
            case RegionWorkKind::EagerCopy:
                break;
        }
    }
    timeline.nodeLevelReplays = static_cast<int>(nodeLevelLaunches.size());
    return timeline;
}

}  // namespace graphlens::profiler
