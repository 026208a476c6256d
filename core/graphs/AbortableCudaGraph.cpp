#include "graphs/AbortableCudaGraph.h"

#if GRAPHLENS_HAVE_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <cuda_runtime_api.h>

namespace graphlens::graphs {

void AbortableCudaGraph::abortCapture() {
    cudaGraph_t partial = nullptr;
    if (cudaStreamEndCapture(capture_stream_.stream(), &partial) == cudaSuccess && partial) {
        cudaGraphDestroy(partial);
    }
    (void)cudaGetLastError();  // capture errors are not sticky; clear the one we just provoked
    if (!capture_ended_) {  // once capture_end() got that far, reset() releases the pool itself
        try {
            // capture_end() stops routing before cudaStreamEndCapture, so when that call is what
            // threw, routing has already ended and the allocator refuses a second end.
            c10::cuda::CUDACachingAllocator::endAllocateToPool(capture_dev_, mempool_id_);
        } catch (const std::exception&) {
        }
        c10::cuda::CUDACachingAllocator::releasePool(capture_dev_, mempool_id_);
    }
    // What CUDAGeneratorState::capture_epilogue() does; that function is not exported by libtorch.
    for (auto& entry : captured_generator_states_) entry.first->capturing_ = false;
}

}  // namespace graphlens::graphs
#endif
