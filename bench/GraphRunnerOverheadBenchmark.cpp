// Runner overhead (issue 4): a replay through GraphRunner::run (copy in, replay, clone out, plus the
// runner's key lookup and weight check) against the bare loop (copy into a static input,
// CUDAGraph::replay(), clone the static output), same resnet18, same shape, same process.
// Target: runner/bare <= 1.03. Rounds alternate which loop goes first; the median ratio is the result.
//   graphlens_bench_graph_runner_overhead [--batch 1,8] [--steps 200] [--rounds 7] [--precision fp16|fp32]
#include "bench/SyntheticBatch.h"
#include "families/ResNet18.h"
#include "graphs/GraphRunner.h"
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


struct Loops {
    families::ResNet18 model{1000};
    torch::Tensor input;
    torch::Tensor staticInput, staticOutput;
    at::cuda::CUDAGraph graph;
    std::unique_ptr<graphs::GraphRunner> runner;

    Loops(int batch, torch::Dtype dtype) {
        torch::NoGradGuard noGrad;
        torch::manual_seed(0);
        model = families::ResNet18(1000);
        model->to(torch::kCUDA, dtype);
        model->eval();
        input = bench::makeSyntheticBatch(batch, 224, dtype, torch::kCUDA, 1);
        staticInput = input.clone();
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
        graphs::GraphRunnerOptions options;
        options.mode = graphs::GraphMode::On;
        runner = std::make_unique<graphs::GraphRunner>(torch::nn::AnyModule(model), "resnet18",
                                                       families::GraphSupport{families::GraphSupportKind::Whole, ""},
                                                       options);
        runner->captureFor(input);
    }
    double bare(int steps) {
        torch::NoGradGuard noGrad;
        return medianStepMs(
            [&] {
                staticInput.copy_(input, true);
                graph.replay();
                auto out = staticOutput.clone();
            },
            10, steps);
    }
    double throughRunner(int steps) {
        return medianStepMs([&] { auto out = runner->run(input); }, 10, steps);
    }
};

}  // namespace

int main(int argc, char** argv) {
    std::vector<int> batches{1, 8};
    int steps = 200;
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
    std::printf("resnet18 %s 224px, %d rounds of %d steps; ratio = median over rounds of runner/bare\n",
                precision.c_str(), rounds, steps);
    std::printf("%6s %12s %12s %8s\n", "batch", "bare.ms", "runner.ms", "ratio");
    bool withinTarget = true;
    for (int batch : batches) {
        Loops loops(batch, dtype);
        std::vector<double> bare, runner, ratios;
        for (int round = 0; round < rounds; ++round) {
            double b = 0, r = 0;
            if (round % 2 == 0) {
                b = loops.bare(steps);
                r = loops.throughRunner(steps);
            } else {
                r = loops.throughRunner(steps);
                b = loops.bare(steps);
            }
            bare.push_back(b);
            runner.push_back(r);
            ratios.push_back(r / b);
        }
        const double ratio = results::median(ratios);
        withinTarget = withinTarget && ratio <= 1.03;
        std::printf("%6d %12.4f %12.4f %8.3f   rounds:", batch, results::median(bare), results::median(runner), ratio);
        for (double r : ratios) std::printf(" %.3f", r);
        std::printf("\n");
        const auto info = loops.runner->info();
        std::printf("       runner: %zu graph(s), %lld replays, capture %.1f ms\n", info.graphs.size(),
                    static_cast<long long>(info.graphs.at(0).replays), info.graphs.at(0).captureMs);
    }
    std::printf("%s: a replay through the runner is %s within 3%% of bare CUDAGraph::replay() + copy/clone\n",
                withinTarget ? "PASS" : "FAIL", withinTarget ? "" : "NOT");
    return withinTarget ? 0 : 1;
}
