// Do TorchScript files run in GraphLens as their users run them? Times one file with the smallest
// libtorch program a C++ user writes (torch::jit::load, forward under no-grad, warm-up until the
// executor's optimised plan runs, capture on a side stream, replay) and with GraphLens's sweep
// (--model, --jit fuse, --scope network), in one process, and prints graphlens/minimal ratios per
// round. Target: the graphed ratio within 3% at every batch (default: the sweep's 1, 8 and 32). The
// fuse/off comparison is printed beside it.
//   graphlens_bench_torchscript --model file.pt [--batch 1,8,32] [--imgsz 640] [--steps 100] [--rounds 5]
//                               [--precision fp16|fp32]
#include "bench/FamilyResolver.h"
#include "bench/SweepEvents.h"
#include "bench/SweepRunner.h"
#include "bench/SyntheticBatch.h"
#include "results/Statistics.h"
#include "results/SweepPlan.h"

#include "BenchmarkTiming.h"

#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/script.h>
#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

using namespace graphlens;
using benchmarks::medianStepMs;



struct Times {
    double eagerMs = 0;
    double graphedMs = 0;
};

// What a C++ user writes: load, move, forward; capture once the plan is stable.
Times minimalProgram(const std::string& path, int batch, int imgsz, torch::Dtype dtype, int steps) {
    torch::NoGradGuard noGrad;
    auto module = torch::jit::load(path, torch::kCUDA);
    module.to(torch::kCUDA, dtype);
    module.eval();
    const auto input = bench::makeSyntheticBatch(batch, imgsz, dtype, torch::kCUDA, 1);
    Times times;
    times.eagerMs = medianStepMs([&] { module.forward({input}); }, 5, steps);
    auto staticInput = input.clone();
    c10::IValue staticOutput;
    at::cuda::CUDAGraph graph;
    auto side = c10::cuda::getStreamFromPool();
    torch::cuda::synchronize();
    {
        c10::cuda::CUDAStreamGuard guard(side);
        for (int i = 0; i < 5; ++i) module.forward({staticInput});
        side.synchronize();
        graph.capture_begin(at::cuda::graph_pool_handle(), cudaStreamCaptureModeThreadLocal);
        staticOutput = module.forward({staticInput});
        graph.capture_end();
        side.synchronize();
    }
    times.graphedMs = medianStepMs([&] { staticInput.copy_(input, true); graph.replay(); }, 5, steps);
    return times;
}

Times graphlensSweep(const std::string& path, const std::string& jit, int batch, int imgsz,
                     const std::string& precision, int steps) {
    results::SweepPlan plan;
    plan.model = path;
    plan.jit = jit;
    plan.batches = {batch};
    plan.imgsz = imgsz;
    plan.precision = precision;
    plan.steps = steps;
    plan.warmup = 5;
    plan.scope = "network";
    plan.repeats = 1;
    plan.profile = false;
    benchmarks::QuietSweepEvents events;
    bench::SweepRunner runner(bench::resolveFamily(plan), plan, "bench", events, nullptr);
    Times times;
    for (const auto& row : runner.run().rows) {
        if (row.status != "ok") {
            std::fprintf(stderr, "%s %s: %s (%s)\n", row.arm.c_str(), row.status.c_str(), row.message.c_str(),
                         row.parity.c_str());
            continue;
        }
        (row.arm == "eager" ? times.eagerMs : times.graphedMs) = *row.step_ms_median;
    }
    return times;
}

// One batch size: rounds alternating which program runs first; returns the median graphed ratio.
double compareAtBatch(const std::string& path, int batch, int imgsz, const std::string& precision, int steps,
                      int rounds) {
    const auto dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    std::printf("%s, batch %d, %d px, %s, %d rounds of %d steps; ratio = graphlens / minimal program\n",
                path.c_str(), batch, imgsz, precision.c_str(), rounds, steps);
    std::vector<double> eagerRatios, graphRatios, minimalGraph, fuseGraph, offGraph;
    for (int round = 0; round < rounds; ++round) {
        Times minimal, fuse, off;
        if (round % 2 == 0) {
            minimal = minimalProgram(path, batch, imgsz, dtype, steps);
            fuse = graphlensSweep(path, "fuse", batch, imgsz, precision, steps);
        } else {
            fuse = graphlensSweep(path, "fuse", batch, imgsz, precision, steps);
            minimal = minimalProgram(path, batch, imgsz, dtype, steps);
        }
        off = graphlensSweep(path, "off", batch, imgsz, precision, steps);
        eagerRatios.push_back(fuse.eagerMs / minimal.eagerMs);
        graphRatios.push_back(fuse.graphedMs / minimal.graphedMs);
        minimalGraph.push_back(minimal.graphedMs);
        fuseGraph.push_back(fuse.graphedMs);
        offGraph.push_back(off.graphedMs);
        std::printf("round %d: minimal eager %.4f graphed %.4f | graphlens fuse eager %.4f graphed %.4f | "
                    "jit off graphed %.4f ms\n",
                    round, minimal.eagerMs, minimal.graphedMs, fuse.eagerMs, fuse.graphedMs, off.graphedMs);
    }
    const double graphRatio = results::median(graphRatios);
    std::printf("batch %d median ratios: eager %.3f, graphed %.3f; graphed ms minimal %.4f, fuse %.4f, off %.4f\n",
                batch, results::median(eagerRatios), graphRatio, results::median(minimalGraph),
                results::median(fuseGraph), results::median(offGraph));
    return graphRatio;
}

}  // namespace

int main(int argc, char** argv) {
    std::string path, precision = "fp16", batchText = "1,8,32";  // the batches a default sweep runs
    int imgsz = 640, steps = 100, rounds = 5;
    try {
        for (int i = 1; i + 1 < argc; i += 2) {
            if (!std::strcmp(argv[i], "--model")) path = argv[i + 1];
            if (!std::strcmp(argv[i], "--batch")) batchText = argv[i + 1];
            if (!std::strcmp(argv[i], "--imgsz")) imgsz = std::stoi(argv[i + 1]);
            if (!std::strcmp(argv[i], "--steps")) steps = std::stoi(argv[i + 1]);
            if (!std::strcmp(argv[i], "--rounds")) rounds = std::stoi(argv[i + 1]);
            if (!std::strcmp(argv[i], "--precision")) precision = argv[i + 1];
        }
    } catch (const std::exception&) {
        std::fprintf(stderr, "graphlens_bench_torchscript: --imgsz, --steps and --rounds take whole numbers\n");
        return 2;
    }
    std::vector<int> batches;
    try {
        batches = results::parseBatchList(batchText);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "graphlens_bench_torchscript: %s\n", error.what());
        return 2;
    }
    if (path.empty()) {
        std::fprintf(stderr, "usage: graphlens_bench_torchscript --model file.pt [--batch 1,8,32] [--imgsz N]\n");
        return 2;
    }
    if (!torch::cuda::is_available()) {
        std::printf("SKIPPED: no CUDA device; this benchmark compares GPU step times\n");
        return 77;
    }
    bool allWithin = true;
    for (const int batch : batches) {
        const double graphRatio = compareAtBatch(path, batch, imgsz, precision, steps, rounds);
        const bool within = graphRatio > 0 && graphRatio <= 1.03;  // 0: GraphLens timed no graphed step
        std::printf("%s: batch %d graphed TorchScript step %s within 3%% of the minimal program (%.3f)\n",
                    within ? "PASS" : "FAIL", batch, within ? "is" : "is NOT", graphRatio);
        allWithin = allWithin && within;
    }
    return allWithin ? 0 : 1;
}
