#pragma once
// The real activity source: CUPTI's activity API for CONCURRENT_KERNEL, MEMCPY and MEMSET records, and
// CUPTI's callback API, enabled for the callback ids of RecordedApis.h only, for the API calls
// (ApiCallRecorder.h; README "Collection" says why). When the callback API is missing or refused, the
// RUNTIME/DRIVER activity kinds narrowed per id instead, with a recordingNote().
// Never the KERNEL kind (it serialises kernels) and never GRAPH_TRACE (on the H200's driver a replay of
// a graph instantiated before enabling it segfaulted; kernel records already carry graphId).
// CUPTI is process-wide: one CuptiActivitySource window may be open at a time in a process, and it
// holds CUPTI's one callback subscriber from start() to stop().
#include "profiler/ActivitySource.h"

#include <memory>

namespace graphlens::profiler {

// A CUPTI source, or, when GraphLens was built without CUPTI, an unavailable one saying so.
std::unique_ptr<ActivitySource> makeCuptiActivitySource();

}  // namespace graphlens::profiler
