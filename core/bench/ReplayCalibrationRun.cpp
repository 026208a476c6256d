#include "bench/ReplayCalibrationRun.h"

#include "families/GraphSupport.h"
#include "graphs/CaptureObserver.h"
#include "graphs/GraphRunner.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/ProfileSession.h"
#include "results/Session.h"
#include "results/Statistics.h"

#include <torch/cuda.h>
#include <torch/nn/modules/container/functional.h>
#include <torch/torch.h>

#include <chrono>
#include <map>
#include <stdexcept>
#include <vector>

namespace graphlens::bench {
namespace {

constexpr int kKernelCounts[] = {1, 10, 100, 1000};
constexpr int kTimedReplays = 40;   // host stage, per graph size
constexpr int kTracedReplays = 10;  // GPU stage, per graph size

// A network of `kernels` elementwise kernels of one tiny size, so every kernel lasts about as long
// and the replay's own cost is what varies with the count.
graphs::GraphRunner kernelChain(int kernels) {
    torch::nn::Functional chain([kernels](torch::Tensor x) {
        for (int i = 0; i < kernels; ++i) x = x + 1;
        return x;
    });
    graphs::GraphRunnerOptions options;
    options.mode = graphs::GraphMode::On;
    options.maxGraphs = 1;
    return graphs::GraphRunner(torch::nn::AnyModule(chain), "replay-calibration",
                               families::GraphSupport{families::GraphSupportKind::Whole, ""}, options);
}

torch::Tensor chainInput() { return torch::zeros({256}, torch::TensorOptions().device(torch::kCUDA)); }

// Stage 1: median host time of a replay plus synchronize, per size. CUPTI is not loaded yet.
std::map<int, double> timeReplaysOnTheHost() {
    std::map<int, double> wallUs;
    const auto input = chainInput();
    for (int kernels : kKernelCounts) {
        auto runner = kernelChain(kernels);
        for (int i = 0; i < 5; ++i) runner.runReturningStaticBuffers(input);  // captures, then warms
        torch::cuda::synchronize();
        std::vector<double> samples;
        for (int i = 0; i < kTimedReplays; ++i) {
            const auto start = std::chrono::steady_clock::now();
            runner.runReturningStaticBuffers(input);
            torch::cuda::synchronize();
            samples.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
        }
        wallUs[kernels] = results::median(samples);
    }  // each runner frees its graph here: none outlives stage 1 (see stage 2's arming)
    return wallUs;
}

profiler::ActivityBatch traceWindow(const std::function<void()>& work) {
    profiler::ProfileSession session(profiler::makeCuptiActivitySource(profiler::CuptiRecords::Full));
    if (!session.start()) throw std::runtime_error("replay calibration needs CUPTI: " + session.unavailableReason());
    work();
    torch::cuda::synchronize();
    return session.stop().batch;
}

// The GPU span of each replay in the window: one graph-level record per replay when armed, else the
// first start to the last end of the kernels sharing the graph launch's correlation id.
std::vector<double> replaySpansUs(const profiler::ActivityBatch& batch) {
    std::vector<double> spans;
    for (const auto& replay : batch.graphExecutions) spans.push_back((replay.end - replay.start) / 1000.0);
    if (!spans.empty()) return spans;
    std::map<uint32_t, std::pair<uint64_t, uint64_t>> byLaunch;
    for (const auto& kernel : batch.kernels) {
        if (kernel.graphId == 0) continue;
        auto [it, fresh] = byLaunch.try_emplace(kernel.correlationId, kernel.start, kernel.end);
        if (!fresh) {
            it->second.first = std::min(it->second.first, kernel.start);
            it->second.second = std::max(it->second.second, kernel.end);
        }
    }
    for (const auto& [id, span] : byLaunch) spans.push_back((span.second - span.first) / 1000.0);
    return spans;
}

}  // namespace

advisor::ReplayCalibration measureReplayCalibration() {
    if (!torch::cuda::is_available()) throw std::runtime_error("replay calibration needs a CUDA device");
    torch::NoGradGuard noGrad;
    const auto wallUs = timeReplaysOnTheHost();

    // Stage 2. Graph-level tracing must be armed before this process instantiates another graph.
    std::string perKernelWhy;
    if (profiler::armGraphLevelTracing(&perKernelWhy)) {
        graphs::setCaptureObserver([](const graphs::CapturedGraphInfo& graph) {
            profiler::noteCapturedGraph(graph.graphExec, graph.kernelNodes);
        });
    }
    std::vector<advisor::CalibrationPoint> points;
    const auto input = chainInput();
    for (int kernels : kKernelCounts) {
        auto runner = kernelChain(kernels);
        for (int i = 0; i < 5; ++i) runner.runReturningStaticBuffers(input);
        torch::cuda::synchronize();
        const auto eager = traceWindow([&] { runner.runEager(input); });
        std::vector<double> kernelUs;
        for (const auto& kernel : eager.kernels) {
            if (kernel.graphId == 0) kernelUs.push_back((kernel.end - kernel.start) / 1000.0);
        }
        const auto replays = traceWindow([&] {
            for (int i = 0; i < kTracedReplays; ++i) runner.runReturningStaticBuffers(input);
        });
        const auto spans = replaySpansUs(replays);
        if (kernelUs.empty() || spans.empty()) {
            throw std::runtime_error("replay calibration: CUPTI recorded no kernels or no replays for a graph of " +
                                     std::to_string(kernels) + " kernels");
        }
        advisor::CalibrationPoint point;
        point.kernels = kernels;
        point.replayWallUs = wallUs.at(kernels);
        point.replaySpanUs = results::median(spans);
        point.kernelUs = results::median(kernelUs);
        points.push_back(point);
    }
    auto calibration = advisor::fitReplayCalibration(points);
    calibration.measured = results::utcTimestampNow();
    return calibration;
}

}  // namespace graphlens::bench
