#pragma once
// CUPTI activity record -> plain record. Compiled only when GRAPHLENS_HAVE_CUPTI; needs CUPTI's
// headers, not its library, so tests feed it hand-made CUpti_ActivityKernel10, CUpti_ActivityMemcpy6,
// CUpti_ActivityMemset4, CUpti_ActivityGraphTrace2 and CUpti_ActivityAPI records (the versions CUPTI 13 writes).
#include "profiler/ActivityRecords.h"
#include "profiler/ApiCallRecorder.h"

#include <cupti_activity.h>
#include <cupti_callbacks.h>

#include <functional>
#include <string>

namespace graphlens::profiler {

using ApiNamer = std::function<std::string(ApiDomain, uint32_t cbid)>;

// Appends a CONCURRENT_KERNEL, MEMCPY, MEMSET (both into batch.copies), GRAPH_TRACE, RUNTIME or DRIVER
// record to the batch and returns true; any other kind is ignored (false). The namer (optional) names API calls; the
// kernel name is copied, because CUPTI owns the string.
bool decodeActivity(const CUpti_Activity& record, ActivityBatch& batch, const ApiNamer& namer = {});

// One runtime or driver API callback (CUPTI's callback API) -> the recorder: on CUPTI_API_ENTER `now` is
// stored in data.correlationData, on CUPTI_API_EXIT the call is kept with data.correlationId, the id
// CUPTI also gives the kernel, memcpy and memset records of the work the call issued. Other domains are
// ignored. `now` is cuptiGetTimestamp, `threadId` the system thread id; both come from the caller so
// tests can feed hand-made CUpti_CallbackData. Returns true when an exit was kept.
bool handleApiCallback(ApiCallRecorder& recorder, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                       const CUpti_CallbackData& data, uint64_t now, uint32_t threadId);

}  // namespace graphlens::profiler
