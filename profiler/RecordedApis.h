#pragma once
// The CUDA API calls the profiled pass records, and only those (DESIGN §4). libtorch makes dozens of
// cudaGetDevice/cudaGetLastError calls per step that the metrics never use; leaving such calls out cut
// the API records five-fold on the H200 (three queries per launch). What is kept: the launch calls of
// LaunchApis.h, which kernels are attributed to; the memcpy and memset calls, which GPU copies are
// attributed to; the synchronize calls, which show in the trace where the host waited.
// A kernel or copy issued through a call not listed here has no call to belong to and is discarded
// and counted (DiscardCounts), so a missing entry shows up as a non-zero count, not a silent gap.
#include "profiler/ActivityRecords.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace graphlens::profiler {

enum class ApiRole { NotRecorded, KernelLaunch, GraphLaunch, Memcpy, Memset, Synchronize };

struct RecordedApi {
    ApiDomain domain;
    uint32_t cbid;  // CUpti_runtime_api_trace_cbid / CUpti_driver_api_trace_cbid
    ApiRole role;
    std::string_view name;
};

// Every recorded call: the launch table first, then RecordedApiList.inc. Each (domain, cbid) once.
std::span<const RecordedApi> recordedApis();

// Every id in [1, idCount) of the domain that is not recorded, ascending: what the CUPTI source switches
// off after enabling the RUNTIME/DRIVER kinds. idCount: CUPTI_{RUNTIME,DRIVER}_TRACE_CBID_SIZE.
std::vector<uint32_t> unrecordedCallbackIds(ApiDomain domain, uint32_t idCount);

ApiRole recordedApiRole(ApiDomain domain, uint32_t cbid);
// "cudaLaunchKernel", "cudaMemcpyAsync_v3020" (CUPTI's own spelling for non-launch calls); "" if not
// recorded.
std::string_view recordedApiName(ApiDomain domain, uint32_t cbid);

}  // namespace graphlens::profiler
