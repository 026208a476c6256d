#pragma once
// CUPTI activity record -> plain record. Compiled only when GRAPHLENS_HAVE_CUPTI; needs CUPTI's
// headers, not its library, so tests feed it hand-made CUpti_ActivityKernel10, CUpti_ActivityMemcpy6,
// CUpti_ActivityMemset4 and CUpti_ActivityAPI records (the versions CUPTI 13 writes).
#include "profiler/ActivityRecords.h"

#include <cupti_activity.h>

#include <functional>
#include <string>

namespace graphlens::profiler {

using ApiNamer = std::function<std::string(ApiDomain, uint32_t cbid)>;

// Appends a CONCURRENT_KERNEL, MEMCPY, MEMSET (both into batch.copies), RUNTIME or DRIVER record to the
// batch and returns true; any other kind is ignored (false). The namer (optional) names API calls; the
// kernel name is copied, because CUPTI owns the string.
bool decodeActivity(const CUpti_Activity& record, ActivityBatch& batch, const ApiNamer& namer = {});

}  // namespace graphlens::profiler
