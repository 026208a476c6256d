// Issue "Datasets": the loader's threads keep pinning host memory and copying on their own stream
// while a graph is captured on another thread. That is legal only because captures use
// cudaStreamCaptureModeThreadLocal (GraphRunner); with the global mode a cudaHostAlloc on
// the loader thread would fail and invalidate the capture. No OpenCV here: an in-memory source.
#include "data/DataLoader.h"
#include "data/PatternSampleSource.h"
#include "graphs/GraphRunner.h"

#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <catch2/catch.hpp>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <thread>

using namespace graphlens;

namespace {

// A small network whose forward waits (on the CPU) until the loader has produced two more batches,
// so pinning and copies certainly happen while the forward is being captured.
struct WaitsForLoaderImpl : torch::nn::Module {
    WaitsForLoaderImpl(const std::atomic<std::int64_t>* batches, std::atomic<int>* overlapped)
        : batches_(batches), overlapped_(overlapped) {}
    torch::Tensor forward(const torch::Tensor& x) {
        const auto start = batches_->load();
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (batches_->load() < start + 2 && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        if (batches_->load() >= start + 2) ++*overlapped_;
        auto y = x;
        for (int i = 0; i < 6; ++i) y = torch::relu(y * 1.5 - 0.25) + torch::sin(y);
        return y;
    }
    const std::atomic<std::int64_t>* batches_;
    std::atomic<int>* overlapped_;
};
TORCH_MODULE(WaitsForLoader);

}  // namespace

TEST_CASE("a loader pinning memory on other threads does not invalidate graph captures", "[cuda][data][capture]") {
    const torch::Device device(torch::kCUDA, 0);
    auto source = std::make_shared<data::PatternSampleSource>(64);
    data::LoaderOptions options;
    options.batchSize = 4;
    options.imageSizes = {32, 48, 64};
    options.workers = 2;
    options.prefetchBatches = 3;
    options.epochs = 0;  // endless
    options.device = device;
    options.pinMemory = true;
    data::DataLoader loader(source, options);

    std::atomic<bool> stop{false};
    std::atomic<std::int64_t> batches{0};
    std::atomic<int> wrongBatches{0};
    std::atomic<int> unpinned{0};
    std::exception_ptr loaderError;
    std::thread consumer([&] {
        try {
            // Never the legacy default stream: it would synchronise with the capturing stream.
            c10::cuda::CUDAStreamGuard guard(c10::cuda::getStreamFromPool(/*isHighPriority=*/false, 0));
            std::vector<torch::Tensor> keepAlive;  // so each new host batch needs a fresh cudaHostAlloc
            while (!stop.load()) {
                auto batch = loader.next();
                if (!batch) break;
                if (!batch->hostImages.is_pinned()) ++unpinned;
                const auto copied = batch->images.cpu();  // the device copy, read back on this thread's stream
                const int size = static_cast<int>(copied.size(2));
                auto expected = torch::empty_like(copied);
                data::SampleTargets targets;
                for (std::size_t i = 0; i < batch->samples.size(); ++i) {
                    source->load(batch->samples[i], size,
                                 {expected[static_cast<std::int64_t>(i)].data_ptr<std::uint8_t>(),
                                  3 * static_cast<std::size_t>(size) * size},
                                 targets);
                }
                if (!torch::equal(copied, expected)) ++wrongBatches;
                keepAlive.push_back(batch->hostImages);
                if (keepAlive.size() > 4000) keepAlive.clear();
                ++batches;
            }
        } catch (...) {
            loaderError = std::current_exception();
        }
    });

    std::atomic<int> overlapped{0};
    int forwards = 0;
    bool allEqual = true;
    try {
        torch::NoGradGuard noGrad;
        WaitsForLoader network(&batches, &overlapped);
        constexpr int kCaptures = 8;
        constexpr int kWarmup = 2;
        graphs::GraphRunnerOptions options;
        options.warmupIterations = kWarmup;
        graphs::GraphRunner runner(torch::nn::AnyModule(network), "waits-for-loader",
                                   {families::GraphSupportKind::Whole, ""}, options);
        for (int round = 0; round < kCaptures; ++round) {
            torch::manual_seed(round);
            const auto a = torch::randn({2, 3, 64, 64}, torch::TensorOptions().device(device));
            const auto b = torch::randn({2, 3, 64, 64}, torch::TensorOptions().device(device)) * 2;
            const auto eagerA = network->forward(a).clone();
            const auto eagerB = network->forward(b).clone();
            runner.release();  // a fresh capture of the same shape every round
            runner.captureFor(a);
            const auto replayA = runner.runReturningStaticBuffers(a).toTensor().clone();
            const auto replayB = runner.runReturningStaticBuffers(b).toTensor().clone();
            torch::cuda::synchronize();
            allEqual = allEqual && torch::equal(replayA, eagerA) && torch::equal(replayB, eagerB);
            forwards += 2 + kWarmup + 1;
        }
    } catch (...) {
        stop = true;
        consumer.join();
        throw;
    }
    stop = true;
    consumer.join();
    if (loaderError) std::rethrow_exception(loaderError);

    CHECK(allEqual);
    CHECK(overlapped.load() == forwards);  // every capture overlapped loader activity
    CHECK(batches.load() >= 2 * forwards);
    CHECK(wrongBatches.load() == 0);
    CHECK(unpinned.load() == 0);
}
