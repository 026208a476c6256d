#include "graphlens/config.h"
#include "graphs/AbortableCudaGraph.h"
#include "graphs/CaptureObserver.h"
#include "graphs/CaptureBackend.h"
#include "graphs/DeviceMemory.h"

#include <chrono>
#include <map>
#include <mutex>
#include <vector>
#include <memory>
#include <optional>
#include <stdexcept>

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#endif

namespace graphlens::graphs {

#if GRAPHLENS_HAVE_CUDA
namespace {

class CudaCapturedGraph : public CapturedGraph {
public:
    CudaCapturedGraph(std::unique_ptr<AbortableCudaGraph> graph, c10::DeviceIndex device)
        : graph_(std::move(graph)), device_(device) {}
    void replay() override {
        c10::cuda::CUDAGuard guard(device_);
        graph_->replay();
    }

private:
    std::unique_ptr<AbortableCudaGraph> graph_;
    c10::DeviceIndex device_;
};

class CudaCaptureBackend : public CaptureBackend {
public:
    std::string unsupportedReason(const torch::Tensor& input) const override {
        if (!input.is_cuda()) return "input is on " + input.device().str() + "; CUDA graphs need a CUDA device";
        return "";
    }

    CaptureOutcome capture(const GraphBody& body, const torch::Tensor& staticInput, int warmupIterations,
                           const GraphBody& warmup) override {
        const auto device = staticInput.device();
        c10::cuda::CUDAGuard deviceGuard(device);
        DeviceMemory memory(device);
        if (!pool_) {
            pool_ = at::cuda::graph_pool_handle();
            poolDevice_ = device.index();
            stream_ = std::make_unique<OwnedStream>(device.index());
        } else if (poolDevice_ != device.index()) {
            throw std::runtime_error("this runner's graph pool lives on cuda:" + std::to_string(poolDevice_) +
                                     "; release() before capturing on " + device.str());
        }
        const auto started = std::chrono::steady_clock::now();
        memory.synchronize();  // the static input was written on the current stream
        // The pool's own stream, for the pool's whole life: the caching allocator hands a freed block
        // only to the stream that allocated it, so graphs sharing the pool must be captured on one
        // stream for the sharing to be real, and no other component (a loader's copy stream from
        // c10's round-robin pool) can ever be this stream.
        auto sideStream = stream_->stream();
        // With an observer (the profiled pass) the template is kept past capture_end() to be counted.
        const auto& observer = captureObserver();
        auto graph = std::make_unique<AbortableCudaGraph>(/*keepTemplate=*/static_cast<bool>(observer));
        CaptureOutcome outcome;
        std::int64_t reservedBeforeCapture = 0;
        {
            c10::cuda::CUDAStreamGuard streamGuard(sideStream);
            // Warm-up on the capture stream: cold library workspaces (cuBLAS, cuDNN) allocated
            // during capture would invalidate it.
            const auto& warmupBody = warmup ? warmup : body;
            for (int i = 0; i < warmupIterations; ++i) (void)warmupBody(staticInput);
            sideStream.synchronize();
            reservedBeforeCapture = memory.reservedBytes();
            graph->capture_begin(*pool_, cudaStreamCaptureModeThreadLocal);
            try {
                outcome.staticOutput = body(staticInput);
                graph->capture_end();
                if (observer) {
                    graph->instantiateCounting([&observer](void* raw, void* exec, int nodes, int kernelNodes) {
                        observer(CapturedGraphInfo{raw, exec, nodes, kernelNodes});
                    });
                }
            } catch (const std::exception& error) {
                outcome.staticOutput = c10::IValue();  // its blocks belong to the pool we release
                graph->abortCapture();                 // stream, allocator routing and RNG usable again
                graph.reset();
                throw;  // its type too: out of memory is told by type where libtorch gives one
            }
            sideStream.synchronize();
        }
        outcome.captureMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        outcome.poolBytes = memory.reservedBytes() - reservedBeforeCapture;
        outcome.graph = std::make_unique<CudaCapturedGraph>(std::move(graph), device.index());
        return outcome;
    }

    void releasePool() override {
        pool_.reset();
        stream_.reset();
    }

private:
    // A stream created for this pool, not taken from c10's shared round-robin pool (which a loader's
    // copy stream can come from). When the pool goes, the stream is parked for the next pool, never
    // destroyed: the caching allocator and autograd keep stream handles of blocks and nodes made
    // during warm-up and capture (cuBLAS workspaces, gradient accumulators), and an event recorded
    // on a destroyed stream crashes the process.
    class OwnedStream {
    public:
        explicit OwnedStream(c10::DeviceIndex device) : device_(device) {
            std::lock_guard<std::mutex> lock(parkedMutex());
            auto& parked = parkedStreams()[device_];
            if (!parked.empty()) {
                raw_ = parked.back();
                parked.pop_back();
                return;
            }
            c10::cuda::CUDAGuard guard(device_);
            C10_CUDA_CHECK(cudaStreamCreateWithFlags(&raw_, cudaStreamNonBlocking));
        }
        ~OwnedStream() {
            c10::cuda::CUDAGuard guard(device_);
            (void)cudaStreamSynchronize(raw_);
            std::lock_guard<std::mutex> lock(parkedMutex());
            parkedStreams()[device_].push_back(raw_);
        }
        OwnedStream(const OwnedStream&) = delete;
        OwnedStream& operator=(const OwnedStream&) = delete;
        c10::cuda::CUDAStream stream() const { return c10::cuda::getStreamFromExternal(raw_, device_); }

    private:
        static std::mutex& parkedMutex() {
            static std::mutex mutex;
            return mutex;
        }
        static std::map<c10::DeviceIndex, std::vector<cudaStream_t>>& parkedStreams() {
            static auto* streams = new std::map<c10::DeviceIndex, std::vector<cudaStream_t>>();  // lives to exit
            return *streams;
        }

        c10::DeviceIndex device_;
        cudaStream_t raw_ = nullptr;
    };

    std::optional<c10::MempoolId_t> pool_;
    std::unique_ptr<OwnedStream> stream_;
    c10::DeviceIndex poolDevice_ = -1;
};

}  // namespace

std::shared_ptr<CaptureBackend> makeCudaCaptureBackend() { return std::make_shared<CudaCaptureBackend>(); }

#else

namespace {
class NoCudaBackend : public CaptureBackend {
public:
    std::string unsupportedReason(const torch::Tensor&) const override {
        return "this build has no CUDA support; CUDA graphs need it";
    }
    CaptureOutcome capture(const GraphBody&, const torch::Tensor&, int, const GraphBody&) override {
        throw std::runtime_error("this build has no CUDA support; CUDA graphs need it");
    }
    void releasePool() override {}
};
}  // namespace

std::shared_ptr<CaptureBackend> makeCudaCaptureBackend() { return std::make_shared<NoCudaBackend>(); }

#endif

}  // namespace graphlens::graphs
