// Is the sweep's measurement honest? Times resnet18 with the smallest hand-written libtorch loops
// (eager forward + synchronize; copy into a static input + CUDAGraph::replay + synchronize) and with
// SweepRunner, in the same process, and prints sweep/minimal ratios. Target: within 3%.
// Launch-bound steps jitter by several percent from one second to the next on a shared host, so the
// two loops alternate in rounds and each round gives a ratio; the median ratio is the result.
//   graphlens_bench_minimal_loops [--batch 1,8,32] [--steps 100] [--rounds 7] [--precision fp16|fp32]
#include "bench/FamilyResolver.h"
#include "bench/SweepEvents.h"
#include "bench/SweepRunner.h"
#include "bench/SyntheticBatch.h"
#include "families/ResNet18.h"
#include "results/Statistics.h"
#include "results/SweepPlan.h"

#include "BenchmarkTiming.h"

#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

using namespace graphlens;
using benchmarks::medianStepMs;



struct MinimalTimes {
    double eagerMs = 0;
    double graphedMs = 0;
};

MinimalTimes minimalLoops(int batch, torch::Dtype dtype, int steps, std::uint64_t seed) {
    torch::NoGradGuard noGrad;
    torch::manual_seed(seed);
    families::ResNet18 model(1000);
    model->to(torch::kCUDA, dtype);
    model->eval();
    const auto input = bench::makeSyntheticBatch(batch, 224, dtype, torch::kCUDA, seed + batch);

    MinimalTimes times;
    times.eagerMs = medianStepMs([&] { model->forward(input); }, 5, steps);

    auto staticInput = input.clone();
    torch::Tensor staticOutput;
    at::cuda::CUDAGraph graph;
    auto side = c10::cuda::getStreamFromPool();
    torch::cuda::synchronize();
    {
        c10::cuda::CUDAStreamGuard guard(side);
        for (int i = 0; i < 3; ++i) model->forward(staticInput);
        side.synchronize();
        graph.capture_begin(at::cuda::graph_pool_handle(), cudaStreamCaptureModeThreadLocal);
        staticOutput = model->forward(staticInput);
        graph.capture_end();
        side.synchronize();
    }
    times.graphedMs = medianStepMs([&] { staticInput.copy_(input, true); graph.replay(); }, 5, steps);
    return times;
}

MinimalTimes sweepTimes(int batch, const std::string& precision, int steps, std::uint64_t seed) {
    results::SweepPlan plan;
    plan.batches = {batch};
    plan.precision = precision;
    plan.steps = steps;
    plan.warmup = 5;
    plan.seed = seed;
    plan.scope = "network";  // the minimal loops time the network alone
    plan.repeats = 1;
    benchmarks::QuietSweepEvents events;
    bench::SweepRunner runner(bench::resolveFamily(plan), plan, "bench", events, nullptr);
    const auto rows = runner.run().rows;
    MinimalTimes times;
    for (const auto& row : rows) {
        if (row.status != "ok") continue;
        (row.arm == "eager" ? times.eagerMs : times.graphedMs) = *row.step_ms_median;
    }
    return times;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> batches{1, 8, 32};
    int steps = 100;
    int rounds = 7;
    std::string precision = "fp16";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--batch")) batches = results::parseBatchList(argv[i + 1]);
        if (!std::strcmp(argv[i], "--steps")) steps = std::stoi(argv[i + 1]);
        if (!std::strcmp(argv[i], "--precision")) precision = argv[i + 1];
        if (!std::strcmp(argv[i], "--rounds")) rounds = std::stoi(argv[i + 1]);
    }
    if (!torch::cuda::is_available()) {
        std::printf("SKIPPED: no CUDA device; this benchmark compares GPU step times\n");
        return 77;
    }
    const auto dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    const std::uint64_t seed = 0;
    std::printf("resnet18 %s 224px, %d rounds of %d steps; ratio = median over rounds of sweep/minimal\n",
                precision.c_str(), rounds, steps);
    std::printf("%6s %12s %12s %8s %12s %12s %8s\n", "batch", "min.eager", "sweep.eager", "ratio",
                "min.graph", "sweep.graph", "ratio");
    bool withinTarget = true;
    for (int batch : batches) {
        std::vector<double> minimalEager, sweepEager, minimalGraph, sweepGraph, eagerRatios, graphRatios;
        for (int round = 0; round < rounds; ++round) {
            // Alternate which loop goes first so neither always inherits the other's warm caches.
            MinimalTimes minimal, sweep;
            if (round % 2 == 0) {
                minimal = minimalLoops(batch, dtype, steps, seed);
                sweep = sweepTimes(batch, precision, steps, seed);
            } else {
                sweep = sweepTimes(batch, precision, steps, seed);
                minimal = minimalLoops(batch, dtype, steps, seed);
            }
            minimalEager.push_back(minimal.eagerMs);
            sweepEager.push_back(sweep.eagerMs);
            minimalGraph.push_back(minimal.graphedMs);
            sweepGraph.push_back(sweep.graphedMs);
            eagerRatios.push_back(sweep.eagerMs / minimal.eagerMs);
            graphRatios.push_back(sweep.graphedMs / minimal.graphedMs);
        }
        const double eagerRatio = results::median(eagerRatios);
        const double graphRatio = results::median(graphRatios);
        withinTarget = withinTarget && eagerRatio <= 1.03 && graphRatio <= 1.03;
        std::printf("%6d %12.4f %12.4f %8.3f %12.4f %12.4f %8.3f\n", batch, results::median(minimalEager),
                    results::median(sweepEager), eagerRatio, results::median(minimalGraph),
                    results::median(sweepGraph), graphRatio);
        std::printf("       per-round eager ratios:");
        for (double r : eagerRatios) std::printf(" %.3f", r);
        std::printf("\n       per-round graph ratios:");
        for (double r : graphRatios) std::printf(" %.3f", r);
        std::printf("\n");
    }
    std::printf("%s: sweep step times %s within 3%% of the minimal loops\n",
                withinTarget ? "PASS" : "FAIL", withinTarget ? "are" : "are NOT");
    return withinTarget ? 0 : 1;
}
