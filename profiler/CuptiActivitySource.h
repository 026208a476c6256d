#pragma once
// The real activity source: CUPTI's activity API for CONCURRENT_KERNEL, MEMCPY and MEMSET records, and
// CUPTI's callback API, enabled for the callback ids of RecordedApis.h only, for the API calls
// (ApiCallRecorder.h; README "Collection" says why). When the callback API is missing or refused, the
// RUNTIME/DRIVER activity kinds narrowed per id instead, with a recordingNote().
// Never the KERNEL kind (it serialises kernels). GRAPH_TRACE only when armed (below), for the whole
// process: on the H200's driver a replay of a graph instantiated before enabling it segfaulted.
// CUPTI is process-wide: one CuptiActivitySource window may be open at a time in a process, and it
// holds CUPTI's one callback subscriber from start() to stop().
#include "profiler/ActivitySource.h"

#include <memory>
#include <string>

namespace graphlens::profiler {

// What a window records. The profiled pass runs each arm twice, once per kind (README "Two windows"):
// - Calls: the API calls of RecordedApis.h through the callback API only; the activity API is never
//   touched. Launches, graph launches, launch CPU time, phase and step wall times. No kernels, copies or
//   sets: kernel counts, GPU busy, GPU fractions and launch delays are absent. CUPTI's activity tracing
//   is what makes an eager step slow under the profiler (about +30% on the H200 against +10 to 17% for
//   the calls alone, resnet18 batch 1, 2026-12-02), so the host-side figures come from this window.
// - Full: the calls plus what ran on the GPU (CONCURRENT_KERNEL, MEMCPY, MEMSET and, when armed,
//   GRAPH_TRACE): every metric. Its GPU timestamps do not move with the host's slowdown.
enum class CuptiRecords { Calls, Full };

// A CUPTI source, or, when GraphLens was built without CUPTI, an unavailable one saying so.
std::unique_ptr<ActivitySource> makeCuptiActivitySource(CuptiRecords records = CuptiRecords::Full);

// Graph-level tracing, for a process that profiles graph replays (the profiled pass). Node-level tracing
// timestamps every kernel of a replay on the GPU, which slowed a replay by a third to a half (H200,
// resnet18 fp16 batch 1, 2026-12-02); with CUPTI_ACTIVITY_KIND_GRAPH_TRACE on, a replay makes one record (first
// node's start to last node's end) and its kernels none, while eager kernels, copies and API calls are
// recorded as before. Must be called before the process instantiates its first CUDA graph (a graph
// instantiated earlier crashed on replay once GRAPH_TRACE was on) and stays on until the process ends.
// False with the reason when CUPTI cannot do it; replays are then traced per kernel as before.
bool armGraphLevelTracing(std::string* why = nullptr);

// Tells the armed profiler how many kernel nodes an instantiated graph (a cudaGraphExec_t) holds: a
// graph-level record names the executable graph it replayed, and its kernels count from this. Does
// nothing unless armed.
void noteCapturedGraph(void* graphExec, int kernelNodes);

}  // namespace graphlens::profiler
