#pragma once
// One profiled step of one arm, seen through its captured region (the phases a CUDA graph replaces):
// where the region's time went on the host and GPU timelines. The input of SavedTimeAttribution.h;
// every field is defined in profiler/README.md ("Where the saved time went"). Times in ns, on CUPTI's
// clock, which the phase marks share (PhaseRecorder.h).
//
// Attribution as in StepMetrics.h: GPU work belongs to the region when the API call that issued it
// started inside the region's host ranges, on any thread.
#include "profiler/ActivityRecords.h"
#include "profiler/PhaseRecorder.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::profiler {

// Consecutive region ranges of the step not separated by another phase (forward and backward of a
// training step are two segments: the eager loss lies between them).
struct RegionSegment {
    uint64_t hostStart = 0;  // hull of the segment's region ranges
    uint64_t hostEnd = 0;
    // Where the segment's time starts: hostStart, or later while GPU work the step issued before the
    // segment still ran (the region cannot start on the GPU before it: that wait is not the region's);
    // never after workStart.
    uint64_t start = 0;
    uint64_t end = 0;  // the later of hostEnd and workEnd
    bool hasWork = false;
    uint64_t workStart = 0;  // first start and last end of the GPU work issued in the segment
    uint64_t workEnd = 0;
    uint64_t busyNs = 0;  // union of that work (kernels, copies, replays)
    uint64_t launchLeadNs =
        0;  // of [start, workStart]: the part inside some issuing call's [call start, work start]
    uint64_t replaySpanNs =
        0;  // union of the replays' intervals (graph-level record, or hull of a replay's nodes)
    uint64_t replayBusyNs =
        0;  // node-level replays: union of their nodes; graph-level: the replay's interval

    uint64_t extentNs() const { return end - start; }
    uint64_t workSpanNs() const { return hasWork ? workEnd - workStart : 0; }
    uint64_t idleNs() const { return workSpanNs() - busyNs; }  // GPU idle between the segment's work
};

struct RegionTimeline {
    int stepIndex = 0;  // of the window's steps in start order: the median-wall one
    int steps = 0;      // closed step ranges in the window
    uint64_t stepStart = 0;
    uint64_t stepEnd = 0;
    std::vector<RegionSegment> segments;
    // Copy GPU time and synchronize-call host time of the step outside every segment's [start, end].
    uint64_t outsideCopySyncNs = 0;

    std::vector<std::string> eagerKernels;  // kernels not from a graph issued in the region, by start
    std::vector<std::string>
        graphNodeKernels;       // kernel records of node-level replays in the region, by start
    int graphLevelReplays = 0;  // graph-level replay records (one per replay, no kernel records)
    int nodeLevelReplays = 0;   // graph launches whose nodes were recorded one by one
    int graphKernelNodes = 0;   // graph-level: kernel nodes of the replays whose graph is known
    int replaysUncounted = 0;   // graph-level: replays of a graph whose kernel nodes are not known

    uint64_t wallNs() const { return stepEnd - stepStart; }
    uint64_t extentNs() const;
    uint64_t busyNs() const;
    uint64_t idleNs() const;
    uint64_t launchLeadNs() const;
    uint64_t replaySpanNs() const;
    uint64_t replayBusyNs() const;
};

// Index (in start order) of the closed `stepPhase` range whose host wall time is the median of the
// window's: the lower middle one of an even count, the earlier of equal walls. Absent without steps.
std::optional<std::size_t> medianWallStep(const std::vector<PhaseMark>& marks,
                                          const std::string& stepPhase = "step");

// The median-wall step of the window through the ranges named in `regionPhases`. Absent when the
// window has no closed step range. A step without a region range has no segments.
std::optional<RegionTimeline> regionTimeline(const ActivityBatch& batch, const std::vector<PhaseMark>& marks,
                                             const std::vector<std::string>& regionPhases,
                                             const std::string& stepPhase = "step");

}  // namespace graphlens::profiler
