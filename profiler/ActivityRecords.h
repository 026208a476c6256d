#pragma once
// Plain C++ copies of the CUPTI activity records GraphLens uses, so metrics, trace export and their
// tests never see a CUPTI type. All timestamps are nanoseconds on CUPTI's clock (see PhaseRecorder.h).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace graphlens::profiler {

// One kernel execution (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL). Kernels replayed from a CUDA graph
// carry the graph's id and share the correlation id of the graph launch that ran them.
struct KernelRecord {
    uint64_t start = 0;
    uint64_t end = 0;
    uint32_t deviceId = 0;
    uint32_t streamId = 0;
    uint32_t correlationId = 0;
    uint32_t graphId = 0;  // 0: launched eagerly
    std::string name;
};

// What a CopyRecord moved (CUpti_ActivityMemcpyKind, with the CUDA-array kinds folded into Array),
// or Memset for a memory set, so copies and sets share one record and one path through the metrics.
enum class CopyKind {
    Unknown,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
    HostToHost,
    PeerToPeer,
    Array,
    Memset
};

// One memcpy or memset executing on the GPU (CUPTI_ACTIVITY_KIND_MEMCPY / _MEMSET). Like kernels, they
// belong to the API call with their correlation id; copies replayed from a graph carry its id.
struct CopyRecord {
    uint64_t start = 0;
    uint64_t end = 0;
    uint32_t deviceId = 0;
    uint32_t streamId = 0;
    uint32_t correlationId = 0;         // the driver API call that issued it (CUPTI's definition)
    uint32_t runtimeCorrelationId = 0;  // the runtime API call, when CUPTI gives one (memcpy only)
    uint32_t graphId = 0;               // 0: issued eagerly
    uint64_t bytes = 0;
    CopyKind kind = CopyKind::Unknown;
};

// One execution of a whole CUDA graph (CUPTI_ACTIVITY_KIND_GRAPH_TRACE): graph-level tracing, where a
// replay is one record from its first node's start to its last node's end instead of one record per
// node. Its kernels then make no records of their own: their count comes from
// ActivityBatch::graphKernelNodes.
struct GraphExecutionRecord {
    uint64_t start = 0;
    uint64_t end = 0;
    uint32_t deviceId = 0;
    uint32_t streamId = 0;
    uint32_t correlationId = 0;  // the graph launch call's, as for the kernels of a node-level replay
    uint32_t graphId = 0;        // CUPTI's id of the graph that was launched
};

enum class ApiDomain { Runtime, Driver };

// One CUDA runtime or driver API call: from CUPTI's runtime/driver API callbacks (ApiCallRecorder.h), or
// in the fallback from CUPTI_ACTIVITY_KIND_RUNTIME / _DRIVER records; the same fields either way.
struct ApiRecord {
    ApiDomain domain = ApiDomain::Runtime;
    uint32_t cbid = 0;  // CUPTI callback id: CUpti_runtime_api_trace_cbid or CUpti_driver_api_trace_cbid
    uint64_t start = 0;
    uint64_t end = 0;
    uint32_t correlationId = 0;
    uint32_t threadId = 0;  // system thread id (gettid on Linux), the id PhaseRecorder stores too
    std::string name;       // e.g. "cudaLaunchKernel"; empty when the source could not name it
};

// Everything one profiling window produced, in the order the source delivered it (not sorted).
struct ActivityBatch {
    std::vector<KernelRecord> kernels;
    std::vector<CopyRecord> copies;
    std::vector<ApiRecord> apis;
    std::vector<GraphExecutionRecord> graphExecutions;
    // Kernel nodes per CUPTI executable-graph id, as noteCapturedGraph recorded them
    // (CuptiActivitySource.h).
    std::map<uint32_t, int> graphKernelNodes;
    uint64_t droppedByCupti = 0;  // records CUPTI itself reported as lost (buffers full)
};

}  // namespace graphlens::profiler
