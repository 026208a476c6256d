#pragma once
// A process-wide listener told about every CUDA graph the capture backend instantiates. The profiled
// pass sets one: it traces graph replays at graph level (one record per replay, far cheaper than one per
// kernel node), and a graph-level record does not say how many kernels the replay ran, so the graph's
// kernel count comes from here. Unset (the timed process, tests, training runs), captures work exactly as
// before and nothing is counted.
#include <functional>

namespace graphlens::graphs {

struct CapturedGraphInfo {
    void* graph = nullptr;      // the cudaGraph_t as captured; valid only during the call
    void* graphExec = nullptr;  // the cudaGraphExec_t that replays run
    int nodes = 0;
    int kernelNodes = 0;
};

using CaptureObserver = std::function<void(const CapturedGraphInfo&)>;

// Set before the first capture (not thread-safe against captures in flight); an empty one unsets.
void setCaptureObserver(CaptureObserver observer);
const CaptureObserver& captureObserver();

}  // namespace graphlens::graphs
