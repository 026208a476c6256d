#include "graphs/AbortableCudaGraph.h"

#if GRAPHLENS_HAVE_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAException.h>
#include <cuda_runtime_api.h>

#include <vector>

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

void AbortableCudaGraph::countNodes(int& nodes, int& kernelNodes) const {
    std::size_t count = 0;
    C10_CUDA_CHECK(cudaGraphGetNodes(graph_, nullptr, &count));
    std::vector<cudaGraphNode_t> all(count);
    if (count > 0) C10_CUDA_CHECK(cudaGraphGetNodes(graph_, all.data(), &count));
    nodes = static_cast<int>(count);
    kernelNodes = 0;
    for (const auto node : all) {
        cudaGraphNodeType type{};
        C10_CUDA_CHECK(cudaGraphNodeGetType(node, &type));
        if (type == cudaGraphNodeTypeKernel) ++kernelNodes;
    }
}

void AbortableCudaGraph::dropTemplate() {
    // What capture_end() does without keep_graph once it has instantiated: replays need the
    // executable graph only.
    if (graph_) C10_CUDA_CHECK(cudaGraphDestroy(graph_));
    graph_ = nullptr;
    has_graph_ = false;
}

}  // namespace graphlens::graphs
#endif
