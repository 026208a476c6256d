#include "profiler/StepMetrics.h"

#include "profiler/Correlation.h"
#include "profiler/Intervals.h"
#include "profiler/RecordedApis.h"

#include <algorithm>
#include <map>

namespace graphlens::profiler {
namespace {

double toUs(uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

bool contains(const PhaseMark& range, uint64_t t) { return t >= range.start && t <= range.end; }

std::optional<double> medianOf(const std::vector<double>& values) {
    if (values.empty()) return std::nullopt;
    return quantile(values, 0.5);
}

// Kernels whose launching call started inside the range.
std::vector<const CorrelatedKernel*> kernelsLaunchedIn(const CorrelatedRecords& records,
                                                       const PhaseMark& range) {
    std::vector<const CorrelatedKernel*> out;
    for (const auto& kernel : records.kernels) {
        if (contains(range, records.apis[kernel.api].record->start)) out.push_back(&kernel);
    }
    return out;
}

// One kernel or copy on the GPU, with the start of the API call that issued it (what ranges contain).
struct GpuWork {
    uint64_t issuedAt = 0;
    Interval interval;
};

std::vector<GpuWork> workIssuedIn(const CorrelatedRecords& records, const PhaseMark& range) {
    std::vector<GpuWork> out;
    for (const auto& kernel : records.kernels) {
        const uint64_t issuedAt = records.apis[kernel.api].record->start;
        if (contains(range, issuedAt)) out.push_back({issuedAt, {kernel.record->start, kernel.record->end}});
    }
    for (const auto& copy : records.copies) {
        const uint64_t issuedAt = records.apis[copy.api].record->start;
        if (contains(range, issuedAt)) out.push_back({issuedAt, {copy.record->start, copy.record->end}});
    }
    // Graph-level tracing: a replay is one interval, its first node's start to its last node's end.
    for (const auto& graph : records.graphExecutions) {
        const uint64_t issuedAt = records.apis[graph.api].record->start;
        if (contains(range, issuedAt)) out.push_back({issuedAt, {graph.record->start, graph.record->end}});
    }
    return out;
}

// From the range's start to the first call inside it that waits for the GPU (records.apis is sorted
// by start); the whole range when none does.
uint64_t hostBeforeWaitNs(const CorrelatedRecords& records, const PhaseMark& range) {
    auto call = std::lower_bound(records.apis.begin(), records.apis.end(), range.start,
                                 [](const CorrelatedApi& api, uint64_t t) { return api.record->start < t; });
    for (; call != records.apis.end() && call->record->start <= range.end; ++call) {
        const auto role = recordedApiRole(call->record->domain, call->record->cbid);
        if (role == ApiRole::Synchronize || role == ApiRole::Memcpy) return call->record->start - range.start;
    }
    return range.end - range.start;
}

// The intervals of the work issued inside the range (work is the step's, so a phase never counts more).
void appendIntervalsIn(const std::vector<GpuWork>& work, const PhaseMark& range, std::vector<Interval>& out) {
    for (const auto& item : work) {
        if (contains(range, item.issuedAt)) out.push_back(item.interval);
    }
}

bool launchedInAny(const std::vector<const PhaseMark*>& ranges, uint64_t t) {
    return std::any_of(ranges.begin(), ranges.end(), [&](const PhaseMark* range) { return contains(*range, t); });
}

// Kernels launched inside any of the ranges, each once; a graph-level replay (no kernel records) adds
// its graph's kernel nodes when the inventory knows them, the rule StepMetrics::kernels follows.
int kernelsIssuedIn(const CorrelatedRecords& records, const std::map<uint32_t, int>& graphKernelNodes,
                    const std::vector<const PhaseMark*>& ranges) {
    int count = 0;
    for (const auto& kernel : records.kernels) {
        if (launchedInAny(ranges, records.apis[kernel.api].record->start)) ++count;
    }
    for (const auto& graph : records.graphExecutions) {
        if (!launchedInAny(ranges, records.apis[graph.api].record->start)) continue;
        if (const auto it = graphKernelNodes.find(graph.record->graphId); it != graphKernelNodes.end()) {
            count += it->second;
        }
    }
    return count;
}

bool isNetworkPhase(const std::string& name, const MetricsOptions& options) {
    return std::find(options.networkPhases.begin(), options.networkPhases.end(), name) !=
           options.networkPhases.end();
}

StepMetrics measureStep(int index, const PhaseMark& step, const CorrelatedRecords& records,
                        const std::map<uint32_t, int>& graphKernelNodes,
                        const std::vector<const PhaseMark*>& innerRanges, const MetricsOptions& options,
                        std::vector<double>& pooledDelaysUs) {
    StepMetrics metrics;
    metrics.index = index;
    metrics.start = step.start;
    metrics.end = step.end;
    metrics.wallUs = toUs(step.end - step.start);

    for (const auto& api : records.apis) {
        if (!api.countsAsLaunch() || !contains(step, api.record->start)) continue;
        (api.kind == LaunchKind::Graph ? metrics.graphLaunches : metrics.launches) += 1;
        metrics.launchCpuUs += toUs(api.record->end - api.record->start);
    }

    const auto kernels = kernelsLaunchedIn(records, step);
    metrics.kernels = static_cast<int>(kernels.size());
    for (const auto& copy : records.copies) {
        if (contains(step, records.apis[copy.api].record->start)) ++metrics.copies;
    }
    // A graph-level replay made no kernel records: its graph's kernel nodes count instead, when known.
    for (const auto& graph : records.graphExecutions) {
        if (!contains(step, records.apis[graph.api].record->start)) continue;
        ++metrics.graphExecutions;
        if (const auto it = graphKernelNodes.find(graph.record->graphId); it != graphKernelNodes.end()) {
            metrics.kernels += it->second;
        } else {
            ++metrics.graphExecutionsUncounted;
        }
    }
    const auto work = workIssuedIn(records, step);
    uint64_t spanEnd = step.end;
    std::vector<Interval> stepIntervals;
    for (const auto& item : work) {
        spanEnd = std::max(spanEnd, item.interval.second);
        stepIntervals.push_back(item.interval);
    }
    metrics.spanUs = toUs(spanEnd - step.start);
    const uint64_t busyNs = unionLength(std::move(stepIntervals));
    metrics.gpuBusyUs = toUs(busyNs);

    std::vector<double> delaysUs;
    for (const auto* kernel : kernels) {
        const auto& launch = records.apis[kernel->api];
        if (kernel->record->graphId != 0 || launch.kind != LaunchKind::Kernel) continue;
        delaysUs.push_back((static_cast<double>(kernel->record->start) -
                            static_cast<double>(launch.record->end)) / 1000.0);
    }
    if (!delaysUs.empty()) {
        metrics.launchDelayMedianUs = quantile(delaysUs, 0.5);
        metrics.launchDelayP90Us = quantile(delaysUs, 0.9);
        pooledDelaysUs.insert(pooledDelaysUs.end(), delaysUs.begin(), delaysUs.end());
    }

    // Per phase name: host time, and GPU time of what was issued inside (a kernel still running after
    // its phase's host range ended counts for that phase). Union, so overlapping ranges count once.
    std::map<std::string, std::vector<const PhaseMark*>> byName;
    bool hasNetworkPhase = false;
    std::vector<Interval> networkIntervals;
    for (const auto* range : innerRanges) {
        if (!contains(step, range->start)) continue;
        auto& group = byName[range->name];
        if (group.empty()) metrics.phases.push_back(PhaseTiming{range->name});
        group.push_back(range);
        if (isNetworkPhase(range->name, options)) {
            hasNetworkPhase = true;
            appendIntervalsIn(work, *range, networkIntervals);
        }
    }
    for (auto& timing : metrics.phases) {
        std::vector<Interval> intervals;
        for (const auto* range : byName[timing.name]) {
            ++timing.ranges;
            timing.wallUs += toUs(range->end - range->start);
            timing.hostBeforeWaitUs += toUs(hostBeforeWaitNs(records, *range));
            appendIntervalsIn(work, *range, intervals);
        }
        timing.gpuUs = toUs(unionLength(std::move(intervals)));
        timing.kernels = kernelsIssuedIn(records, graphKernelNodes, byName[timing.name]);
    }
    if (hasNetworkPhase && busyNs > 0) {
        metrics.networkGpuFraction =
            static_cast<double>(unionLength(std::move(networkIntervals))) / static_cast<double>(busyNs);
    }
    return metrics;
}

StepSummary summarise(const std::vector<StepMetrics>& steps, const std::vector<double>& pooledDelaysUs) {
    StepSummary summary;
    summary.steps = static_cast<int>(steps.size());
    if (steps.empty()) return summary;
    auto medianOver = [&](auto field) {
        std::vector<double> values;
        for (const auto& step : steps) {
            if (const std::optional<double> value = field(step)) values.push_back(*value);
        }
        return medianOf(values);
    };
    summary.launches = medianOver([](const StepMetrics& s) { return std::optional<double>(s.launches); });
    summary.graphLaunches =
        medianOver([](const StepMetrics& s) { return std::optional<double>(s.graphLaunches); });
    summary.kernels = medianOver([](const StepMetrics& s) { return std::optional<double>(s.kernels); });
    summary.copies = medianOver([](const StepMetrics& s) { return std::optional<double>(s.copies); });
    summary.launchCpuUs = medianOver([](const StepMetrics& s) { return std::optional<double>(s.launchCpuUs); });
    summary.gpuBusyUs = medianOver([](const StepMetrics& s) { return std::optional<double>(s.gpuBusyUs); });
    summary.wallUs = medianOver([](const StepMetrics& s) { return std::optional<double>(s.wallUs); });
    summary.spanUs = medianOver([](const StepMetrics& s) { return std::optional<double>(s.spanUs); });
    summary.networkGpuFraction = medianOver([](const StepMetrics& s) { return s.networkGpuFraction; });
    if (!pooledDelaysUs.empty()) {
        summary.launchDelayMedianUs = quantile(pooledDelaysUs, 0.5);
        summary.launchDelayP90Us = quantile(pooledDelaysUs, 0.9);
    }
    for (const auto& step : steps) {
        for (const auto& timing : step.phases) {
            const bool known = std::any_of(summary.phases.begin(), summary.phases.end(),
                                           [&](const auto& p) { return p.name == timing.name; });
            if (known) continue;
            std::vector<double> ranges, wall, gpu, kernels, beforeWait;
            for (const auto& other : steps) {
                if (const auto* p = other.phase(timing.name)) {
                    ranges.push_back(p->ranges);
                    wall.push_back(p->wallUs);
                    gpu.push_back(p->gpuUs);
                    kernels.push_back(p->kernels);
                    beforeWait.push_back(p->hostBeforeWaitUs);
                }
            }
            summary.phases.push_back(PhaseTiming{timing.name, static_cast<int>(quantile(ranges, 0.5)),
                                                 quantile(wall, 0.5), quantile(gpu, 0.5),
                                                 quantile(kernels, 0.5), quantile(beforeWait, 0.5)});
        }
    }
    return summary;
}

}  // namespace

const PhaseTiming* StepMetrics::phase(const std::string& name) const {
    for (const auto& timing : phases) {
        if (timing.name == name) return &timing;
    }
    return nullptr;
}

ProfileMetrics computeMetrics(const ActivityBatch& batch, const std::vector<PhaseMark>& phases,
                              const MetricsOptions& options) {
    ProfileMetrics out;
    const auto records = correlate(batch);
    out.discarded = records.discarded;

    std::vector<const PhaseMark*> steps;
    std::vector<const PhaseMark*> innerRanges;
    for (const auto& mark : phases) {
        if (mark.end == 0 || mark.end < mark.start) continue;  // still open, or not a range at all
        (mark.name == options.stepPhase ? steps : innerRanges).push_back(&mark);
    }
    const auto byStart = [](const PhaseMark* a, const PhaseMark* b) { return a->start < b->start; };
    std::stable_sort(steps.begin(), steps.end(), byStart);
    std::stable_sort(innerRanges.begin(), innerRanges.end(), byStart);

    std::vector<double> pooledDelaysUs;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        out.steps.push_back(
            measureStep(static_cast<int>(i), *steps[i], records, batch.graphKernelNodes, innerRanges, options,
                        pooledDelaysUs));
    }
    for (const auto& kernel : records.kernels) {
        const uint64_t launched = records.apis[kernel.api].record->start;
        const bool inStep = std::any_of(steps.begin(), steps.end(),
                                        [&](const PhaseMark* step) { return contains(*step, launched); });
        if (!inStep) ++out.kernelsOutsideSteps;
    }
    out.summary = summarise(out.steps, pooledDelaysUs);
    return out;
}

}  // namespace graphlens::profiler
