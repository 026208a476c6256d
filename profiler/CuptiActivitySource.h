#pragma once
// The real activity source: CUPTI's activity API with CONCURRENT_KERNEL, MEMCPY and MEMSET records, and
// runtime/driver records of only the calls RecordedApis.h lists (all calls, with a recordingNote(), when
// this CUPTI cannot select them).
// Never the KERNEL kind (it serialises kernels) and never GRAPH_TRACE (on the H200's driver a replay of
// a graph instantiated before enabling it segfaulted; kernel records already carry graphId).
// CUPTI is process-wide: one CuptiActivitySource window may be open at a time in a process.
#include "profiler/ActivitySource.h"

#include <memory>

namespace graphlens::profiler {

// A CUPTI source, or, when GraphLens was built without CUPTI, an unavailable one saying so.
std::unique_ptr<ActivitySource> makeCuptiActivitySource();

}  // namespace graphlens::profiler
