#pragma once
// at::cuda::CUDAGraph cannot undo a capture that threw half-way: capture_end() is never reached,
// so the stream stays in capture mode, the allocator keeps routing into the private pool and the
// CUDA generator stays "capturing" (every later torch::rand on the GPU then fails with "Offset
// increment outside graph capture"). abortCapture() undoes what capture_begin() set up.
#include "graphlens/config.h"

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAGeneratorImpl.h>
#include <ATen/cuda/CUDAGraph.h>

namespace graphlens::graphs {

class AbortableCudaGraph : public at::cuda::CUDAGraph {
public:
    // keepTemplate: capture_end() keeps the captured cudaGraph_t and does not instantiate; then
    // instantiateCounting() must follow (it instantiates and drops the template, as libtorch does).
    explicit AbortableCudaGraph(bool keepTemplate = false) : at::cuda::CUDAGraph(keepTemplate) {}

    // Call only after capture_begin() succeeded and capture_end() did not.
    void abortCapture();

    // After capture_end() of a keepTemplate graph: counts its nodes and kernel nodes, instantiates it,
    // hands both to `seen` (the template is valid only during that call), then destroys the template.
    template <typename Seen>
    void instantiateCounting(Seen&& seen) {
        int nodes = 0;
        int kernelNodes = 0;
        countNodes(nodes, kernelNodes);
        instantiate();
        seen(static_cast<void*>(graph_), static_cast<void*>(graph_exec_), nodes, kernelNodes);
        dropTemplate();
    }

private:
    void countNodes(int& nodes, int& kernelNodes) const;
    void dropTemplate();
};

}  // namespace graphlens::graphs
#endif
