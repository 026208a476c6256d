#pragma once
// Per-step metrics from one profiling window's records and phase marks (definitions: profiler/README.md,
// DESIGN §4). Pure functions: everything here is tested on synthetic records, without a GPU.
//
// Attribution: a kernel, memcpy or memset belongs to the API call with its correlation id (all the work
// of a graph replay shares its graph launch's id), and that call belongs to every phase range whose host
// interval contains the call's start, on any thread (libtorch runs backward on its own autograd thread).
// Phase marks and records share one clock (PhaseRecorder.h), so this is a plain comparison of timestamps.
#include "profiler/ActivityRecords.h"
#include "profiler/PhaseRecorder.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::profiler {

// Records that were not trusted and left out of every metric.
struct DiscardCounts {
    uint64_t kernelsWithoutTimestamp = 0;  // start or end is 0
    uint64_t kernelsEndBeforeStart = 0;
    uint64_t kernelsWithoutLaunch = 0;     // no valid API record has their correlation id
    uint64_t copiesWithoutTimestamp = 0;   // memcpy/memset records, same rules as kernels
    uint64_t copiesEndBeforeStart = 0;
    uint64_t copiesWithoutCall = 0;        // neither correlation id of theirs matches a valid API record
    uint64_t graphsWithoutTimestamp = 0;   // graph-level records (GRAPH_TRACE), same rules as kernels
    uint64_t graphsEndBeforeStart = 0;
    uint64_t graphsWithoutLaunch = 0;
    uint64_t apisWithoutTimestamp = 0;
    uint64_t apisEndBeforeStart = 0;
    uint64_t droppedByCupti = 0;           // lost by CUPTI itself
    uint64_t total() const {
        return kernelsWithoutTimestamp + kernelsEndBeforeStart + kernelsWithoutLaunch +
               copiesWithoutTimestamp + copiesEndBeforeStart + copiesWithoutCall + graphsWithoutTimestamp +
               graphsEndBeforeStart + graphsWithoutLaunch + apisWithoutTimestamp +
               apisEndBeforeStart + droppedByCupti;
    }
    bool operator==(const DiscardCounts&) const = default;
};

struct PhaseTiming {
    std::string name;
    int ranges = 0;       // how many ranges of that name the step holds
    double wallUs = 0;    // host time inside those ranges
    double gpuUs = 0;     // union of the kernels and copies issued inside them
    // Kernels (never copies) launched inside those ranges, each once however many ranges hold it; a
    // graph-level replay counts its graph's kernel nodes, when known, as StepMetrics::kernels does.
    // A whole number per step; a double so the summary's median of two steps is not truncated.
    double kernels = 0;
    // Host time from the start of each range to its first wait for the GPU (a synchronize call, or a
    // copy call, which waits when it copies to the host), or to the range's end without one. What of
    // the phase can run on the host while the GPU is still busy with earlier work: the advisor's
    // overlap of an eager postprocess with a replay (advisor/GraphedStepPrediction.h); kept for the
    // loss and the optimizer too, which stay eager beside the replays of the network scope.
    double hostBeforeWaitUs = 0;
};

struct StepMetrics {
    int index = 0;              // 0-based, in order of the step ranges' starts
    uint64_t start = 0;         // host step range, ns
    uint64_t end = 0;
    double wallUs = 0;          // host step range
    double spanUs = 0;          // step start to the later of its end and the end of its last kernel or copy
    int launches = 0;           // kernel launch calls (nested driver calls of a runtime launch count once)
    int graphLaunches = 0;      // graph launch calls, counted apart
    int kernels = 0;            // kernels launched in the step (eager or from a graph); never copies
    int copies = 0;             // memcpy and memset executions issued in the step (eager or from a graph)
    int graphExecutions = 0;    // graph-level records (whole replays) of the step; 0 under node-level tracing
    int graphExecutionsUncounted = 0;  // of those, replays of a graph whose kernel nodes are not known
    double launchCpuUs = 0;     // host time inside the kernel and graph launch calls
    double gpuBusyUs = 0;       // union of the step's kernel, memcpy, memset and graph-level replay intervals
    std::vector<PhaseTiming> phases;          // in order of first appearance; the step range excluded
    // Union GPU time (kernels and copies) of the work issued inside the network phases over gpuBusyUs:
    // the share of the step's GPU time that is the network. Absent without a network phase or GPU work.
    std::optional<double> networkGpuFraction;
    std::optional<double> launchDelayMedianUs;  // eager kernels: kernel start - end of its launch call
    std::optional<double> launchDelayP90Us;

    const PhaseTiming* phase(const std::string& name) const;
};

// Medians over the steps (launch delays pooled over every eager kernel of every step).
// Every field is absent when there are no steps; per-phase figures are keyed by phase name.
struct StepSummary {
    int steps = 0;
    std::optional<double> launches;
    std::optional<double> graphLaunches;
    std::optional<double> kernels;
    std::optional<double> copies;
    std::optional<double> launchCpuUs;
    std::optional<double> gpuBusyUs;
    std::optional<double> wallUs;
    std::optional<double> spanUs;
    std::optional<double> networkGpuFraction;  // median over the steps that have one
    std::optional<double> launchDelayMedianUs;
    std::optional<double> launchDelayP90Us;
    std::vector<PhaseTiming> phases;  // median wall, GPU time and kernels per name (ranges: median count)
};

struct MetricsOptions {
    std::string stepPhase = "step";
    std::vector<std::string> networkPhases{"forward", "backward"};
};

struct ProfileMetrics {
    std::vector<StepMetrics> steps;
    StepSummary summary;
    DiscardCounts discarded;
    uint64_t kernelsOutsideSteps = 0;  // valid kernels launched outside every step range (warm-up)
};

ProfileMetrics computeMetrics(const ActivityBatch& batch, const std::vector<PhaseMark>& phases,
                              const MetricsOptions& options = {});


}  // namespace graphlens::profiler
