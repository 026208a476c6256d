#include "profiler/Correlation.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace graphlens::profiler {
namespace {

void markNestedLaunches(std::vector<CorrelatedApi>& apis) {
    std::vector<std::size_t> launches;
    for (std::size_t i = 0; i < apis.size(); ++i) {
        if (apis[i].kind != LaunchKind::None) launches.push_back(i);
    }
    std::sort(launches.begin(), launches.end(), [&](std::size_t a, std::size_t b) {
        const auto& ra = *apis[a].record;
        const auto& rb = *apis[b].record;
        if (ra.threadId != rb.threadId) return ra.threadId < rb.threadId;
        if (ra.start != rb.start) return ra.start < rb.start;
        return ra.end > rb.end;  // the outer call first when two start together
    });
    const ApiRecord* outer = nullptr;
    for (const std::size_t index : launches) {
        const auto& record = *apis[index].record;
        if (outer && outer->threadId == record.threadId && record.start >= outer->start &&
            record.end <= outer->end) {
            apis[index].nested = true;
        } else {
            outer = &record;
        }
    }
}

int preference(const CorrelatedApi& api) {
    if (api.countsAsLaunch()) return 3;
    return api.kind != LaunchKind::None ? 2 : 1;
}

// Kernels and graph-level replays: valid records whose correlation id names a call, linked to it and
// sorted by start; the others counted by why they were left out.
template <typename Record, typename Linked>
void linkToLaunches(const std::vector<Record>& records, const std::unordered_map<uint32_t, std::size_t>& byCorrelation,
                    uint64_t& withoutTimestamp, uint64_t& endBeforeStart, uint64_t& withoutLaunch,
                    std::vector<Linked>& out) {
    for (const auto& record : records) {
        if (record.start == 0 || record.end == 0) {
            ++withoutTimestamp;
        } else if (record.end < record.start) {
            ++endBeforeStart;
        } else if (const auto it = byCorrelation.find(record.correlationId); it == byCorrelation.end()) {
            ++withoutLaunch;
        } else {
            out.push_back(Linked{&record, it->second});
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.record->start < b.record->start; });
}

}  // namespace

CorrelatedRecords correlate(const ActivityBatch& batch) {
    CorrelatedRecords out;
    out.discarded.droppedByCupti = batch.droppedByCupti;

    for (const auto& api : batch.apis) {
        if (api.start == 0 || api.end == 0) {
            ++out.discarded.apisWithoutTimestamp;
        } else if (api.end < api.start) {
            ++out.discarded.apisEndBeforeStart;
        } else {
            out.apis.push_back(CorrelatedApi{&api, launchKind(api.domain, api.cbid), false});
        }
    }
    std::stable_sort(out.apis.begin(), out.apis.end(),
                     [](const auto& a, const auto& b) { return a.record->start < b.record->start; });
    markNestedLaunches(out.apis);

    std::unordered_map<uint32_t, std::size_t> byCorrelation;
    for (std::size_t i = 0; i < out.apis.size(); ++i) {
        const auto [it, inserted] = byCorrelation.emplace(out.apis[i].record->correlationId, i);
        if (!inserted && preference(out.apis[i]) > preference(out.apis[it->second])) it->second = i;
    }

    linkToLaunches(batch.kernels, byCorrelation, out.discarded.kernelsWithoutTimestamp,
                   out.discarded.kernelsEndBeforeStart, out.discarded.kernelsWithoutLaunch, out.kernels);

    for (const auto& copy : batch.copies) {
        // CUPTI gives a copy the driver call's id and, apart, the runtime call's: when only the runtime
        // call (cudaMemcpyAsync) was recorded, the second is the one that finds it.
        auto it = byCorrelation.find(copy.correlationId);
        if (it == byCorrelation.end() && copy.runtimeCorrelationId != 0) {
            it = byCorrelation.find(copy.runtimeCorrelationId);
        }
        if (copy.start == 0 || copy.end == 0) {
            ++out.discarded.copiesWithoutTimestamp;
        } else if (copy.end < copy.start) {
            ++out.discarded.copiesEndBeforeStart;
        } else if (it == byCorrelation.end()) {
            ++out.discarded.copiesWithoutCall;
        } else {
            out.copies.push_back(CorrelatedCopy{&copy, it->second});
        }
    }
    std::stable_sort(out.copies.begin(), out.copies.end(),
                     [](const auto& a, const auto& b) { return a.record->start < b.record->start; });

    linkToLaunches(batch.graphExecutions, byCorrelation, out.discarded.graphsWithoutTimestamp,
                   out.discarded.graphsEndBeforeStart, out.discarded.graphsWithoutLaunch, out.graphExecutions);
    return out;
}

}  // namespace graphlens::profiler
