#include "bench/MixReplay.h"

#include "graphs/DeviceMemory.h"
#include "platform/Quantile.h"
#include "results/ErrorText.h"

#include <algorithm>
#include <chrono>
#include <random>

namespace graphlens::bench {
using planning::RequestShape;

MixReplayResult replayMix(InferencePairs& pairs, const planning::RequestMix& mix, const std::vector<RequestShape>& captured,
                          const MixReplayOptions& options) {
    MixReplayResult result;
    graphs::DeviceMemory memory(pairs.device());
    memory.emptyCache();
    torch::NoGradGuard noGrad;

    // Capture the set into one pool, in the plan's order; a padded buffer per graph.
    auto runner = pairs.makeSharedRunner(std::max<int>(1, static_cast<int>(captured.size())));
    std::map<RequestShape, torch::Tensor> padded;
    for (const auto& shape : captured) {
        try {
            auto buffer = pairs.deviceBatch(shape.batch, shape.imgsz);
            const auto entry = runner->captureFor(buffer);
            result.captured.push_back(shape);
            result.poolMiB += graphs::toMiB(entry.poolBytes);
            result.captureMs += entry.captureMs;
            padded.emplace(shape, std::move(buffer));
        } catch (const std::exception& error) {
            result.failedCaptures.push_back("batch " + planning::describe(shape) + ": " + results::errorCause(error.what()));
        }
    }
    // One request tensor per shape of the mix (distinct content from the padding buffers).
    std::map<RequestShape, torch::Tensor> requestBatch;
    for (const auto& entry : mix.entries) {
        requestBatch.emplace(entry.shape, pairs.deviceBatch(entry.shape.batch, entry.shape.imgsz) * 0.5);
    }
    const auto serve = [&](const RequestShape& shape) {
        const auto& request = requestBatch.at(shape);
        if (const auto* graph = planning::servingShape(result.captured, shape)) {
            auto& buffer = padded.at(*graph);
            buffer.narrow(0, 0, shape.batch).copy_(request);
            (void)runner->runReturningStaticBuffers(buffer);
            return true;
        }
        (void)pairs.eagerRunner().run(request);
        return false;
    };
    for (const auto& entry : mix.entries) {
        for (int i = 0; i < options.warmupPerShape; ++i) serve(entry.shape);
    }
    memory.synchronize();

    std::vector<double> weights;
    for (const auto& entry : mix.entries) weights.push_back(entry.count);
    std::discrete_distribution<std::size_t> draw(weights.begin(), weights.end());
    std::mt19937_64 rng(options.seed);
    std::vector<double> latencies;
    std::map<RequestShape, std::pair<double, int>> byShape;
    int eager = 0;
    for (int i = 0; i < options.requests; ++i) {
        const auto& shape = mix.entries[draw(rng)].shape;
        const auto started = std::chrono::steady_clock::now();
        const bool replayed = serve(shape);
        memory.synchronize();
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        latencies.push_back(ms);
        auto& [sum, count] = byShape[shape];
        sum += ms;
        ++count;
        if (!replayed) ++eager;
    }
    result.requests = options.requests;
    if (!latencies.empty()) {
        double sum = 0;
        for (double ms : latencies) sum += ms;
        result.meanMs = sum / static_cast<double>(latencies.size());
        result.p50Ms = platform::quantile(latencies, 0.50);
        result.p90Ms = platform::quantile(latencies, 0.90);
        result.p99Ms = platform::quantile(latencies, 0.99);
        result.maxMs = *std::max_element(latencies.begin(), latencies.end());
        result.eagerRequestsPct = 100.0 * eager / static_cast<double>(latencies.size());
    }
    for (const auto& [shape, sumCount] : byShape) result.meanMsByShape[shape] = sumCount.first / sumCount.second;
    runner->release();
    padded.clear();
    memory.emptyCache();
    return result;
}

}  // namespace graphlens::bench
