#include "graphs/InferenceGraphRunner.h"

#include "graphs/ModuleForward.h"
#include "results/ErrorText.h"

#include "graphlens/config.h"
#include "graphs/AbortableCudaGraph.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphCaptureError.h"

#include <chrono>

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#endif

namespace graphlens::graphs {

InferenceGraphRunner::InferenceGraphRunner(torch::nn::AnyModule network, std::string familyName)
    : network_(std::move(network)), familyName_(std::move(familyName)) {}

InferenceGraphRunner::~InferenceGraphRunner() { release(); }

#if GRAPHLENS_HAVE_CUDA

CaptureStats InferenceGraphRunner::capture(const torch::Tensor& example, int warmupIterations) {
    if (!example.is_cuda()) {
        throw GraphCaptureError(familyName_ + ": CUDA graphs need a CUDA device (input is on " +
                                example.device().str() + ")");
    }
    release();
    torch::NoGradGuard noGrad;
    const auto device = example.device();
    c10::cuda::CUDAGuard deviceGuard(device);
    DeviceMemory memory(device);

    const auto started = std::chrono::steady_clock::now();
    staticInput_ = example.clone();
    memory.synchronize();
    auto sideStream = c10::cuda::getStreamFromPool(/*isHighPriority=*/false, device.index());
    auto graph = std::make_unique<AbortableCudaGraph>();
    std::int64_t reservedBeforeCapture = 0;
    {
        c10::cuda::CUDAStreamGuard streamGuard(sideStream);
        for (int i = 0; i < warmupIterations; ++i) network_.any_forward(staticInput_);
        sideStream.synchronize();
        reservedBeforeCapture = memory.reservedBytes();
        graph->capture_begin(at::cuda::graph_pool_handle(), cudaStreamCaptureModeThreadLocal);
        try {
            staticOutput_ = toIValue(network_.any_forward(staticInput_));
            graph->capture_end();
        } catch (const std::exception& error) {
            graph->abortCapture();  // the stream, allocator and RNG are usable again
            staticOutput_ = c10::IValue();
            staticInput_ = torch::Tensor();
            graph.reset();
            memory.emptyCache();
            throw GraphCaptureError(familyName_ + ": graph capture failed: " + results::errorCause(error.what()));
        }
        sideStream.synchronize();
    }
    stats_.captureMs = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - started).count();
    stats_.poolBytes = memory.reservedBytes() - reservedBeforeCapture;
    graph_ = std::move(graph);
    replays_ = 0;
    return stats_;
}

const c10::IValue& InferenceGraphRunner::replayIntoStaticOutput(const torch::Tensor& input) {
    if (!graph_) throw GraphCaptureError(familyName_ + ": replay before capture");
    if (input.sizes() != staticInput_.sizes() || input.dtype() != staticInput_.dtype()) {
        throw GraphCaptureError(familyName_ + ": replay input shape/dtype differs from the captured one");
    }
    staticInput_.copy_(input, /*non_blocking=*/true);
    graph_->replay();
    ++replays_;
    return staticOutput_;
}

void InferenceGraphRunner::release() {
    if (!graph_ && !staticInput_.defined()) return;
    graph_.reset();  // destroys the graph exec and returns its pool's blocks to the allocator
    staticOutput_ = torch::Tensor();
    staticInput_ = torch::Tensor();
}

#else

CaptureStats InferenceGraphRunner::capture(const torch::Tensor&, int) {
    throw GraphCaptureError(familyName_ + ": this build has no CUDA support; CUDA graphs need it");
}

const c10::IValue& InferenceGraphRunner::replayIntoStaticOutput(const torch::Tensor&) {
    throw GraphCaptureError(familyName_ + ": this build has no CUDA support");
}

void InferenceGraphRunner::release() {}

#endif

}  // namespace graphlens::graphs
