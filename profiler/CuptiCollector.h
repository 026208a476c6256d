#pragma once
// The process-wide state behind CuptiActivitySource. CUPTI is process-wide and calls back into C
// functions on its own threads (activity buffers, API callbacks), so what those callbacks write to is
// one object per process, guarded by its mutex. Compiled only when GRAPHLENS_HAVE_CUPTI.
#include "profiler/ActivityRecords.h"
#include "profiler/ApiCallRecorder.h"

#include <cupti.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace graphlens::profiler {

struct CuptiCollector {
    std::mutex mutex;
    ActivityBatch batch;  // what the activity buffers decoded since the window's start
    std::map<std::pair<ApiDomain, uint32_t>, std::string> names;  // cuptiApiName's cache
    bool callbacksRegistered = false;  // the activity buffer callbacks (CuptiActivityBuffers.h)
    std::atomic<bool> windowOpen{false};
    // The callback API's side: the calls of the open window, and the clock their callback reads.
    ApiCallRecorder apiCalls;
    decltype(&::cuptiGetTimestamp) getTimestamp = nullptr;
    // Graph-level tracing (armGraphLevelTracing): on for the rest of the process once armed.
    bool graphLevelArmed = false;
    std::map<uint32_t, int> graphKernelNodes;  // CUPTI graph id -> kernel nodes (noteCapturedGraph)
};

// The process's one collector.
CuptiCollector& cuptiCollector();

// CUPTI's spelling of a callback id's API ("cudaLaunchKernel_v7000"), cached; "" when CUPTI has none.
// Call with the collector's mutex held.
std::string cuptiApiName(ApiDomain domain, uint32_t cbid);

}  // namespace graphlens::profiler
