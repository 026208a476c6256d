#pragma once
// Validates a batch's records and links every kernel and copy to the API call that issued it. Shared by
// the metrics and the trace export, so both leave out the same untrusted records.
#include "profiler/ActivityRecords.h"
#include "profiler/LaunchApis.h"
#include "profiler/StepMetrics.h"

#include <cstddef>
#include <vector>

namespace graphlens::profiler {

struct CorrelatedApi {
    const ApiRecord* record = nullptr;
    LaunchKind kind = LaunchKind::None;
    // A launch call made inside another launch call on the same thread (the driver's cuLaunchKernel
    // under the runtime's cudaLaunchKernel): the outer call is the launch, this one is not counted.
    bool nested = false;
    bool countsAsLaunch() const { return kind != LaunchKind::None && !nested; }
};

struct CorrelatedKernel {
    const KernelRecord* record = nullptr;
    std::size_t api = 0;  // index into CorrelatedRecords::apis of the launching call
};

struct CorrelatedCopy {
    const CopyRecord* record = nullptr;
    std::size_t api = 0;  // index into CorrelatedRecords::apis of the issuing call
};

struct CorrelatedGraphExecution {
    const GraphExecutionRecord* record = nullptr;
    std::size_t api = 0;  // index into CorrelatedRecords::apis of the graph launch
};

struct CorrelatedRecords {
    std::vector<CorrelatedApi> apis;        // valid API records, sorted by start
    std::vector<CorrelatedKernel> kernels;  // valid kernels with a launch, sorted by start
    std::vector<CorrelatedCopy> copies;     // valid memcpy/memset records with a call, sorted by start
    std::vector<CorrelatedGraphExecution> graphExecutions;  // graph-level records with a launch, by start
    DiscardCounts discarded;
};

// The batch must outlive the result (it points into it).
CorrelatedRecords correlate(const ActivityBatch& batch);

}  // namespace graphlens::profiler
