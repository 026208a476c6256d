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
    // Call only after capture_begin() succeeded and capture_end() did not.
    void abortCapture();
};

}  // namespace graphlens::graphs
#endif
