// Every metric of DESIGN §4 on hand-made records with known answers (times in ns, metrics in us).
#include "FakeActivitySource.h"
#include "profiler/StepMetrics.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

namespace {

constexpr auto R = ApiDomain::Runtime;
constexpr auto D = ApiDomain::Driver;

// Step 0 (eager) [1000, 11000]: data, forward, postprocess; three launches, one with a nested driver
// call; kernels overlap on two streams and the last one runs after forward's host range ended.
// Step 1 (graphed) [20000, 30000]: one graph launch (runtime over driver) fanning out to 3 kernels
// sharing its correlation id, the last ending after the step's host range.
// Plus: a warm-up launch before any step and malformed records of every kind.
ActivityBatch scenarioBatch() {
    ActivityBatch batch;
    batch.apis = {
        api(R, kCudaLaunchKernel, 500, 600, 5),           // warm-up, outside the steps
        api(R, kCudaGetDevice, 1100, 1150, 1),            // not a launch
        api(R, kCudaLaunchKernel, 2100, 2300, 10),
        api(D, kCuLaunchKernel, 2150, 2250, 10),          // nested in the runtime call: counted once
        api(D, kCuLaunchKernelEx, 2400, 2500, 11),        // a direct driver launch (cuBLAS, Triton)
        api(R, kUnderscoreCudaLaunchKernel, 3000, 3100, 12),
        api(R, kCudaLaunchKernel, 2600, 2550, 13),        // end before start: discarded
        api(R, kCudaLaunchKernel, 0, 2700, 14),           // no timestamp: discarded
        api(R, kCudaGraphLaunch, 20100, 20400, 20),
        api(D, kCuGraphLaunch, 20150, 20350, 20),         // nested
    };
    batch.kernels = {
        kernel(700, 800, 7, 5),
        kernel(2500, 4500, 7, 10),
        kernel(4000, 5000, 8, 11),
        kernel(5500, 7000, 7, 12),
        kernel(21000, 22000, 9, 20, /*graphId=*/3),
        kernel(22000, 23000, 9, 20, 3),
        kernel(22500, 31000, 9, 20, 3),
        kernel(0, 0, 7, 10),          // no timestamp
        kernel(6000, 5000, 7, 11),    // end before start
        kernel(8000, 9000, 7, 13),    // its launch record was discarded: missing correlation
        kernel(8000, 9000, 7, 99),    // no launch record at all
    };
    batch.droppedByCupti = 4;
    // Out of order, as CUPTI delivers across buffers.
    std::reverse(batch.apis.begin(), batch.apis.end());
    std::rotate(batch.kernels.begin(), batch.kernels.begin() + 4, batch.kernels.end());
    return batch;
}

std::vector<PhaseMark> scenarioPhases() {
    return {
        mark("postprocess", 6000, 11000),
        mark("step", 1000, 11000, 0),
        mark("data", 1000, 2000),
        mark("forward", 2000, 6000),
        mark("step", 20000, 30000, 0),
        mark("forward", 20000, 25000),
        mark("step", 40000, 0, 0),  // still open: ignored
    };
}

}  // namespace

TEST_CASE("eager step: launches by callback id, busy as a union, idle, phases, network fraction",
          "[profiler][metrics]") {
    const auto batch = scenarioBatch();
    const auto metrics = computeMetrics(batch, scenarioPhases());
    REQUIRE(metrics.steps.size() == 2);
    const auto& eager = metrics.steps[0];
    CHECK(eager.index == 0);
    CHECK(eager.wallUs == 10.0);
    CHECK(eager.spanUs == 10.0);
    CHECK(eager.launches == 3);
    CHECK(eager.graphLaunches == 0);
    CHECK(eager.kernels == 3);
    CHECK(eager.launchCpuUs == Approx(0.4));        // 200 + 100 + 100 ns, the nested driver call not again
    CHECK(eager.gpuBusyUs == 4.0);                  // [2500,5000] + [5500,7000]
    CHECK(eager.gpuIdlePct == Approx(60.0));
    REQUIRE(eager.phases.size() == 3);
    CHECK(eager.phases[0].name == "data");
    CHECK(eager.phases[1].name == "forward");
    CHECK(eager.phases[2].name == "postprocess");
    CHECK(eager.phase("data")->wallUs == 1.0);
    CHECK(eager.phase("data")->gpuUs == 0.0);
    CHECK(eager.phase("forward")->wallUs == 4.0);
    CHECK(eager.phase("forward")->gpuUs == 4.0);    // includes the kernel that ran during postprocess
    CHECK(eager.phase("postprocess")->wallUs == 5.0);
    CHECK(eager.phase("postprocess")->gpuUs == 0.0);
    CHECK(eager.phase("step") == nullptr);
    // forward lasts from 2000 until its last kernel ends at 7000: 5000 of a 10000 span.
    REQUIRE(eager.networkFraction);
    CHECK(*eager.networkFraction == 0.5);
    REQUIRE(eager.speedupCeiling);
    CHECK(*eager.speedupCeiling == 2.0);
    // Kernel start - end of its launch call: 200, 1500, 2400 ns.
    REQUIRE(eager.launchDelayMedianUs);
    CHECK(*eager.launchDelayMedianUs == Approx(1.5));
    CHECK(*eager.launchDelayP90Us == Approx(2.22));
}

TEST_CASE("graphed step: one graph launch, its kernels counted, span past the host range",
          "[profiler][metrics]") {
    const auto batch = scenarioBatch();
    const auto metrics = computeMetrics(batch, scenarioPhases());
    const auto& graphed = metrics.steps.at(1);
    CHECK(graphed.launches == 0);
    CHECK(graphed.graphLaunches == 1);
    CHECK(graphed.kernels == 3);
    CHECK(graphed.launchCpuUs == Approx(0.3));
    CHECK(graphed.wallUs == 10.0);
    CHECK(graphed.spanUs == 11.0);
    CHECK(graphed.gpuBusyUs == 10.0);
    CHECK(graphed.gpuIdlePct == Approx(100.0 / 11.0));
    REQUIRE(graphed.networkFraction);
    CHECK(*graphed.networkFraction == 1.0);
    CHECK_FALSE(graphed.speedupCeiling);      // 1 / (1 - 1) has no finite value
    CHECK_FALSE(graphed.launchDelayMedianUs);  // graph kernels have no launch call of their own
}

TEST_CASE("malformed records are discarded and counted, never trusted", "[profiler][metrics]") {
    const auto metrics = computeMetrics(scenarioBatch(), scenarioPhases());
    DiscardCounts expected;
    expected.kernelsWithoutTimestamp = 1;
    expected.kernelsEndBeforeStart = 1;
    expected.kernelsWithoutLaunch = 2;
    expected.apisWithoutTimestamp = 1;
    expected.apisEndBeforeStart = 1;
    expected.droppedByCupti = 4;
    CHECK(metrics.discarded == expected);
    CHECK(metrics.discarded.total() == 10);
    CHECK(metrics.kernelsOutsideSteps == 1);
}

TEST_CASE("summary is the median over steps, launch delays pooled", "[profiler][metrics]") {
    const auto summary = computeMetrics(scenarioBatch(), scenarioPhases()).summary;
    CHECK(summary.steps == 2);
    CHECK(*summary.launches == 1.5);
    CHECK(*summary.graphLaunches == 0.5);
    CHECK(*summary.kernels == 3.0);
    CHECK(*summary.gpuBusyUs == 7.0);
    CHECK(*summary.wallUs == 10.0);
    CHECK(*summary.spanUs == 10.5);
    CHECK(*summary.networkFraction == 0.75);
    CHECK(*summary.speedupCeiling == 4.0);
    CHECK(*summary.launchDelayMedianUs == Approx(1.5));
    REQUIRE(summary.phases.size() == 3);
    CHECK(summary.phases[1].name == "forward");
    CHECK(summary.phases[1].wallUs == 4.5);
    CHECK(summary.phases[1].ranges == 1);
}

TEST_CASE("launches from another thread count in the phase whose host range contains them",
          "[profiler][metrics][alignment]") {
    // libtorch runs backward on its autograd thread (2) while the main thread (1) waits in "backward".
    ActivityBatch batch;
    batch.apis = {api(R, kCudaLaunchKernel, 1500, 1600, 1, /*thread=*/1),
                  api(R, kCudaLaunchKernelExC, 3500, 3600, 2, /*thread=*/2),
                  api(R, kCudaLaunchCooperativeKernel, 3700, 3800, 3, /*thread=*/2),
                  api(R, kCudaLaunchKernel, 5000, 5100, 4, /*thread=*/1)};  // after the step: not in it
    batch.kernels = {kernel(1700, 2700, 7, 1), kernel(3650, 4000, 7, 2), kernel(4000, 4500, 7, 3),
                     kernel(5200, 5300, 7, 4)};
    const std::vector<PhaseMark> phases{mark("step", 1000, 4999, 0), mark("forward", 1000, 3000),
                                        mark("loss", 3000, 3400), mark("backward", 3400, 4600)};
    const auto metrics = computeMetrics(batch, phases);
    REQUIRE(metrics.steps.size() == 1);
    const auto& step = metrics.steps[0];
    CHECK(step.launches == 3);
    CHECK(step.kernels == 3);
    CHECK(step.phase("forward")->gpuUs == 1.0);
    CHECK(step.phase("loss")->gpuUs == 0.0);
    CHECK(step.phase("backward")->gpuUs == 0.85);
    // forward [1000,3000] + backward [3400,4600] of a 3999 ns step; loss is not network.
    CHECK(*step.networkFraction == Approx(3200.0 / 3999.0));
    CHECK(metrics.kernelsOutsideSteps == 1);
}

TEST_CASE("a launch exactly on a range's boundary belongs to it; one a nanosecond later does not",
          "[profiler][metrics][alignment]") {
    ActivityBatch batch;
    batch.apis = {api(R, kCudaLaunchKernel, 1000, 1010, 1), api(R, kCudaLaunchKernel, 2000, 2010, 2),
                  api(R, kCudaLaunchKernel, 2001, 2011, 3)};
    batch.kernels = {kernel(1100, 1200, 7, 1), kernel(2100, 2200, 7, 2), kernel(2300, 2400, 7, 3)};
    const auto metrics = computeMetrics(batch, {mark("step", 1000, 2000, 0)});
    CHECK(metrics.steps.at(0).launches == 2);
    CHECK(metrics.steps.at(0).kernels == 2);
    CHECK(metrics.kernelsOutsideSteps == 1);
}

TEST_CASE("no steps, no network phase, custom phase names", "[profiler][metrics]") {
    ActivityBatch batch;
    batch.apis = {api(R, kCudaLaunchKernel, 100, 200, 1)};
    batch.kernels = {kernel(300, 400, 7, 1)};
    const auto none = computeMetrics(batch, {});
    CHECK(none.steps.empty());
    CHECK(none.summary.steps == 0);
    CHECK_FALSE(none.summary.launches);
    CHECK(none.kernelsOutsideSteps == 1);

    const auto noNetwork = computeMetrics(batch, {mark("step", 0, 1000, 0), mark("data", 0, 500)});
    CHECK_FALSE(noNetwork.steps.at(0).networkFraction);
    CHECK_FALSE(noNetwork.summary.networkFraction);

    MetricsOptions options;
    options.stepPhase = "iteration";
    options.networkPhases = {"model"};
    const auto custom = computeMetrics(batch, {mark("iteration", 0, 1000, 0), mark("model", 0, 250)}, options);
    CHECK(*custom.steps.at(0).networkFraction == 0.4);  // [0, 400]: the kernel ends after the range
}

TEST_CASE("profiler overhead compares profiled with timed step time", "[profiler][metrics]") {
    CHECK(*profilerOverheadPct(1.1, 1.0) == Approx(10.0));
    CHECK_FALSE(profilerOverheadPct(std::nullopt, 1.0));
    CHECK_FALSE(profilerOverheadPct(1.0, 0.0));
}
