// What the profiled pass costs an inference step, measured in one process. Blocks of the same
// step timed as the timed pass times them (timeInterleaved, no CUPTI window: "plain") alternate with
// blocks timed as the profiled pass times them (profileSteps: a CUPTI window, phases on CUPTI's clock);
// the order flips every round. bench/profiler_overhead.sh compares two processes a minute apart
// instead, and an eager step on a shared machine moves by 20-30% in a minute.
// The timed pass never loads CUPTI, so the first --pre-blocks plain blocks run before CUPTI is loaded
// and the headline is against them: profiled median / plain-before-CUPTI median - 1. Beside it, per
// round, profiled against the plain block of the same round (CUPTI loaded, no window open), which
// isolates what the window itself costs from what CUPTI costs by being loaded.
// --arm-graph-tracing arms graph-level tracing after the CUPTI-free blocks, as the profiled pass does
// at its start, so its cost to eager launches (if any) shows in the rounds.
// --records picks the window: calls (API calls alone: what the profiled pass's step times, launches and
// launch CPU come from, and the headline's target) or full (kernels and copies too: the window of its GPU
// figures, whose cost the rows report as gpu_records_overhead_pct). --arm graphed measures a replayed
// step instead (captured before CUPTI is loaded; its plain blocks are timed as the timed pass times
// them, after an eager block).
// --control never loads CUPTI: its "profiled" blocks are plain blocks too. Its headline is what the
// schedule alone (the CUPTI-free blocks always come first) does to the comparison, so a run of each,
// alternated over several processes, separates CUPTI's cost from a machine that slows or speeds up
// over a process's first seconds.
//   graphlens_bench_profiler_overhead [--family resnet18] [--batch 1] [--precision fp16|fp32]
//                                     [--steps 100] [--rounds 9] [--pre-blocks 5] [--arm-graph-tracing]
//                                     [--window-warmup N]  (untimed steps opening each window; default
//                                                           the profiled pass's own)  [--control]
//                                     [--records calls|full] [--arm eager|graphed]
#include "bench/FamilyGraphRunner.h"
#include "bench/FamilyResolver.h"
#include "bench/InferenceStep.h"
#include "bench/InterleavedTiming.h"
#include "bench/ProfiledSteps.h"
#include "bench/SweepNetwork.h"
#include "graphs/DeviceMemory.h"
#include "profiler/CuptiActivitySource.h"
#include "results/Statistics.h"
#include "results/SweepPlan.h"

#include "BenchmarkTiming.h"

#include <torch/cuda.h>
#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace graphlens;

constexpr double kEagerTargetPct = 20.0;
constexpr double kGraphedTargetPct = 10.0;

int wholeNumber(const char* option, const char* text) {
    std::size_t used = 0;
    int value = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || text[used] != '\0') {
        throw std::invalid_argument(std::string(option) + " needs a whole number, got '" + text + "'");
    }
    return value;
}

std::vector<double> plainBlock(bench::TimedStep& step, bench::Arm arm, int steps, const graphs::DeviceMemory& memory) {
    const bool graphed = arm == bench::Arm::Graphed;
    auto rounds = bench::timeInterleaved(step, graphed, steps, /*repeats=*/1, memory, {});
    return graphed ? rounds.graphed.front() : rounds.eager.front();
}

}  // namespace

static int run(int argc, char** argv) {
    std::string familyName = "resnet18", precision = "fp16", recordsName = "calls", armName = "eager";
    int batch = 1, steps = 100, rounds = 9, preBlocks = 5, windowWarmup = bench::kWindowWarmupSteps;
    bool armGraphTracing = false, control = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--arm-graph-tracing")) {
            armGraphTracing = true;
            continue;
        }
        if (!std::strcmp(argv[i], "--control")) {
            control = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "%s needs a value\n", argv[i]);
            return 2;
        }
        if (!std::strcmp(argv[i], "--family")) familyName = argv[i + 1];
        else if (!std::strcmp(argv[i], "--pre-blocks")) preBlocks = wholeNumber(argv[i], argv[i + 1]);
        else if (!std::strcmp(argv[i], "--window-warmup")) windowWarmup = wholeNumber(argv[i], argv[i + 1]);
        else if (!std::strcmp(argv[i], "--batch")) batch = wholeNumber(argv[i], argv[i + 1]);
        else if (!std::strcmp(argv[i], "--precision")) precision = argv[i + 1];
        else if (!std::strcmp(argv[i], "--steps")) steps = wholeNumber(argv[i], argv[i + 1]);
        else if (!std::strcmp(argv[i], "--rounds")) rounds = wholeNumber(argv[i], argv[i + 1]);
        else if (!std::strcmp(argv[i], "--records")) recordsName = argv[i + 1];
        else if (!std::strcmp(argv[i], "--arm")) armName = argv[i + 1];
        else {
            std::fprintf(stderr, "unknown option %s\n", argv[i]);
            return 2;
        }
        ++i;
    }
    if (batch < 1 || steps < 4 || rounds < 1 || preBlocks < 1 || windowWarmup < 0 || (precision != "fp16" && precision != "fp32") ||
        (recordsName != "calls" && recordsName != "full") || (armName != "eager" && armName != "graphed")) {
        std::fprintf(stderr, "usage: graphlens_bench_profiler_overhead [--family F] [--batch N>=1] "
                             "[--precision fp16|fp32] [--steps N>=4] [--rounds N>=1] [--pre-blocks N>=1] "
                             "[--window-warmup N>=0] [--records calls|full] [--arm eager|graphed] "
                             "[--arm-graph-tracing] [--control]\n");
        return 2;
    }
    if (!torch::cuda::is_available()) {
        std::printf("SKIPPED: no CUDA device; this benchmark times GPU steps with and without CUPTI\n");
        return 77;
    }
    results::SweepPlan plan;
    plan.family = familyName;
    const auto family = bench::resolveFamily(plan);
    const torch::Device device(torch::kCUDA, 0);
    const auto dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    const int imgsz = family.defaultImgsz;
    graphs::DeviceMemory memory(device);
    torch::NoGradGuard noGrad;
    auto network = bench::buildSweepNetwork(family, /*seed=*/0, imgsz, device, dtype);
    graphs::GraphRunnerOptions options;
    options.device = device;
    options.mode = graphs::GraphMode::Off;
    auto eager = bench::makeFamilyGraphRunner(family, network, options);
    const auto host = bench::makeHostBatch(nullptr, batch, imgsz, dtype, /*seed=*/0, at::MemoryFormat::Contiguous,
                                           /*pin=*/true);
    const auto deviceBatch = host.to(device);
    const auto arm = armName == "graphed" ? bench::Arm::Graphed : bench::Arm::Eager;
    const auto records = recordsName == "full" ? profiler::CuptiRecords::Full : profiler::CuptiRecords::Calls;
    std::unique_ptr<graphs::GraphRunner> graphedRunner;
    if (arm == bench::Arm::Graphed) {
        if (!family.inference.capturable()) throw std::invalid_argument(familyName + " is not captured: " + family.inference.reason);
        if (armGraphTracing && !control) {
            // Graph-level tracing must be armed before the first capture (CuptiActivitySource.h), which
            // loads CUPTI before the plain blocks: they then measure what the window alone costs.
            std::string why;
            if (!profiler::armGraphLevelTracing(&why)) std::printf("graph-level tracing not armed: %s\n", why.c_str());
        }
        auto graphedOptions = options;
        graphedOptions.mode = graphs::GraphMode::On;
        graphedRunner = bench::makeFamilyGraphRunner(family, network, graphedOptions);
        graphedRunner->captureFor(deviceBatch);
    }
    bench::InferenceStep step(*eager, graphedRunner.get(), family.postprocess, bench::StepScope::Step, host, deviceBatch);
    benchmarks::QuietSweepEvents events;

    std::printf("%s %s inference step (upload, network, postprocess), batch %d, %s, %d px, %s records: %d rounds of "
                "%d steps per block after %d plain blocks before CUPTI was loaded, %d untimed steps opening each window%s\n",
                familyName.c_str(), armName.c_str(), batch, precision.c_str(), imgsz, recordsName.c_str(), rounds, steps,
                preBlocks, windowWarmup, armGraphTracing ? "; graph-level tracing armed" : "");
    plainBlock(step, arm, steps, memory);  // warm-up: allocator, cuDNN plans, clocks
    std::vector<double> beforeCupti;
    for (int block = 0; block < preBlocks; ++block) {
        beforeCupti.push_back(results::median(plainBlock(step, arm, steps, memory)));
    }
    const double before = results::median(beforeCupti);
    std::printf("plain blocks before CUPTI was loaded: median %.4f ms (blocks %.4f .. %.4f ms)\n", before,
                *std::min_element(beforeCupti.begin(), beforeCupti.end()),
                *std::max_element(beforeCupti.begin(), beforeCupti.end()));
    if (control) std::printf("control run: CUPTI is never loaded, the profiled blocks are plain blocks\n");
    if (armGraphTracing && !control && arm == bench::Arm::Eager) {
        std::string why;
        if (!profiler::armGraphLevelTracing(&why)) std::printf("graph-level tracing not armed: %s\n", why.c_str());
    }

    std::vector<double> windowCosts, plainMedians, profiledMedians;
    for (int round = 0; round < rounds; ++round) {
        const bool profiledFirst = round % 2 == 0;
        double plain = 0, profiled = 0;
        for (int turn = 0; turn < 2; ++turn) {
            if ((turn == 0) == profiledFirst) {
                profiled = control ? results::median(plainBlock(step, arm, steps, memory))
                                   : results::median(
                                         bench::profileSteps(step, arm, steps, memory, events, records, windowWarmup).stepsMs);
            } else {
                plain = results::median(plainBlock(step, arm, steps, memory));
            }
        }
        windowCosts.push_back(100.0 * (profiled / plain - 1.0));
        plainMedians.push_back(plain);
        profiledMedians.push_back(profiled);
        std::printf("round %d (%s first): plain %.4f ms, profiled %.4f ms: window %+.1f%%, against before CUPTI %+.1f%%\n",
                    round + 1, profiledFirst ? "profiled" : "plain", plain, profiled, windowCosts.back(),
                    100.0 * (profiled / before - 1.0));
    }
    const double profiledMedian = results::median(profiledMedians);
    const double overhead = 100.0 * (profiledMedian / before - 1.0);
    std::printf("plain with CUPTI loaded, no window: median %.4f ms (%+.1f%% against before CUPTI); the window alone: "
                "median %+.1f%% over rounds\n",
                results::median(plainMedians), 100.0 * (results::median(plainMedians) / before - 1.0),
                results::median(windowCosts));
    const double target = arm == bench::Arm::Graphed ? kGraphedTargetPct : kEagerTargetPct;
    const bool pass = overhead <= target;
    std::printf("%s%s batch %d %s, %s records: profiler overhead %.1f%% (profiled median %.4f ms against %.4f ms before "
                "CUPTI was loaded), target <= %.0f%% %s\n",
                control ? "control: " : "", familyName.c_str(), batch, armName.c_str(), recordsName.c_str(), overhead,
                profiledMedian, before, target, pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& error) {  // an unknown family, a number that is not one, a CUDA error
        std::fprintf(stderr, "graphlens_bench_profiler_overhead: %s\n", error.what());
        return 2;
    }
}
