// Every metric of DESIGN §4 on hand-made records with known answers (times in ns, metrics in us).
// GPU time is the union of kernel, memcpy and memset intervals, each attributed to its issuing call.
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
// call; kernels overlap on two streams and the last one runs after forward's host range ended. The data
// phase copies the batch to the device, forward clears a buffer with a memset, postprocess copies the
// result back (a copy CUPTI ties to its runtime call only through runtimeCorrelationId).
// Step 1 (graphed) [20000, 30000]: one graph launch (runtime over driver) fanning out to 3 kernels and a
// memcpy node sharing its correlation id, the last kernel ending after the step's host range; then a
// postprocess copy that ends last of all.
// Plus: a warm-up launch before any step and malformed records of every kind.
ActivityBatch scenarioBatch() {
    ActivityBatch batch;
    batch.apis = {
        api(R, kCudaLaunchKernel, 500, 600, 5),    // warm-up, outside the steps
        api(R, kCudaGetDevice, 1100, 1150, 1),     // not a launch
        api(R, kCudaMemcpyAsync, 1200, 1300, 30),  // data: the batch to the device
        api(R, kCudaLaunchKernel, 2100, 2300, 10),
        api(D, kCuLaunchKernel, 2150, 2250, 10),    // nested in the runtime call: counted once
        api(D, kCuLaunchKernelEx, 2400, 2500, 11),  // a direct driver launch (cuBLAS, Triton)
        api(R, kUnderscoreCudaLaunchKernel, 3000, 3100, 12),
        api(R, kCudaMemsetAsync, 3200, 3250, 33),   // forward: a memset
        api(R, kCudaLaunchKernel, 2600, 2550, 13),  // end before start: discarded
        api(R, kCudaLaunchKernel, 0, 2700, 14),     // no timestamp: discarded
        api(R, kCudaMemcpyAsync, 6300, 6400, 32),   // postprocess: the result back to the host
        api(R, kCudaGraphLaunch, 20100, 20400, 20),
        api(D, kCuGraphLaunch, 20150, 20350, 20),    // nested
        api(R, kCudaMemcpyAsync, 25100, 25200, 21),  // graphed step's postprocess copy
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
    batch.copies = {
        copy(1400, 2400, 7, 30, CopyKind::HostToDevice, 602112),
        copy(4800, 5200, 8, 33, CopyKind::Memset, 1024),
        copy(7600, 8000, 7, /*correlation=*/500, CopyKind::DeviceToHost, 4000, 0, /*runtimeCorrelation=*/32),
        copy(20800, 21000, 9, 20, CopyKind::DeviceToDevice, 602112, /*graphId=*/3),  // the graph's input copy
        copy(31000, 31500, 9, 21, CopyKind::DeviceToHost),
        copy(0, 0, 7, 30),                                // no timestamp
        copy(9000, 8500, 7, 30),                          // end before start
        copy(9000, 9500, 7, 98, CopyKind::DeviceToHost),  // no call has either of its ids
    };
    batch.droppedByCupti = 4;
    // Out of order, as CUPTI delivers across buffers.
    std::reverse(batch.apis.begin(), batch.apis.end());
    std::rotate(batch.kernels.begin(), batch.kernels.begin() + 4, batch.kernels.end());
    std::reverse(batch.copies.begin(), batch.copies.end());
    return batch;
}

std::vector<PhaseMark> scenarioPhases() {
    return {
        mark("postprocess", 6000, 11000),  mark("step", 1000, 11000, 0),  mark("data", 1000, 2000),
        mark("forward", 2000, 6000),       mark("step", 20000, 30000, 0), mark("forward", 20000, 25000),
        mark("postprocess", 25000, 30000), mark("step", 40000, 0, 0),  // still open: ignored
    };
}

}  // namespace

TEST_CASE("eager step: launches by callback id, busy as a union of kernels and copies, phases",
          "[profiler][metrics]") {
    const auto batch = scenarioBatch();
    const auto metrics = computeMetrics(batch, scenarioPhases());
    REQUIRE(metrics.steps.size() == 2);
    const auto& eager = metrics.steps[0];
    CHECK(eager.index == 0);
    CHECK(eager.wallUs == 10.0);
    CHECK(eager.spanUs == 10.0);
    CHECK(eager.launches == 3);  // copy calls are not launches
    CHECK(eager.graphLaunches == 0);
    CHECK(eager.kernels == 3);  // kernels only, never copies
    CHECK(eager.copies == 3);
    CHECK(eager.launchCpuUs == Approx(0.4));        // 200 + 100 + 100 ns, the nested driver call not again
    // [1400,2400] copy + [2500,5000] kernels + [4800,5200] memset -> [2500,5200] + [5500,7000] kernel
    // + [7600,8000] copy: 1000 + 2700 + 1500 + 400 ns.
    CHECK(eager.gpuBusyUs == Approx(5.6));
    REQUIRE(eager.phases.size() == 3);
    CHECK(eager.phases[0].name == "data");
    CHECK(eager.phases[1].name == "forward");
    CHECK(eager.phases[2].name == "postprocess");
    CHECK(eager.phase("data")->wallUs == 1.0);
    CHECK(eager.phase("data")->gpuUs == 1.0);  // the host-to-device copy
    CHECK(eager.phase("forward")->wallUs == 4.0);
    CHECK(eager.phase("forward")->gpuUs == Approx(4.2));  // includes the kernel that ran during postprocess
    CHECK(eager.phase("postprocess")->wallUs == 5.0);
    CHECK(eager.phase("postprocess")->gpuUs == Approx(0.4));  // attributed through its runtime correlation id
    CHECK(eager.phase("step") == nullptr);
    // Kernels by launch: forward's three (one still running in postprocess's range); data and
    // postprocess issued copies only, which are never kernels.
    CHECK(eager.phase("data")->kernels == 0);
    CHECK(eager.phase("forward")->kernels == 3);
    CHECK(eager.phase("postprocess")->kernels == 0);
    // forward's 2700 + 1500 ns of the step's 5600.
    REQUIRE(eager.networkGpuFraction);
    CHECK(*eager.networkGpuFraction == Approx(4200.0 / 5600.0));
    // Kernel start - end of its launch call: 200, 1500, 2400 ns; copies have no launch delay.
    REQUIRE(eager.launchDelayMedianUs);
    CHECK(*eager.launchDelayMedianUs == Approx(1.5));
    CHECK(*eager.launchDelayP90Us == Approx(2.22));
}

TEST_CASE("host time before a phase first waits: to its first copy or synchronize call, else the whole range",
          "[profiler][metrics]") {
    auto batch = scenarioBatch();
    const auto metrics = computeMetrics(batch, scenarioPhases());
    REQUIRE(metrics.steps.size() == 2);
    const auto& eager = metrics.steps[0];
    CHECK(eager.phase("data")->hostBeforeWaitUs == Approx(0.2));         // its copy call at 1200 in [1000, 2000]
    CHECK(eager.phase("forward")->hostBeforeWaitUs == Approx(4.0));      // launches and a memset only: never waits
    CHECK(eager.phase("postprocess")->hostBeforeWaitUs == Approx(0.3));  // the copy back at 6300
    const auto& graphed = metrics.steps[1];
    CHECK(graphed.phase("forward")->hostBeforeWaitUs == Approx(5.0));    // the graph launch does not wait
    CHECK(graphed.phase("postprocess")->hostBeforeWaitUs == Approx(0.1));
    // A synchronize call counts as a wait too, and the first wait wins: one at 4000 cuts forward there.
    batch.apis.push_back(api(R, kCudaStreamSynchronize, 4000, 4100, 40));
    const auto withSync = computeMetrics(batch, scenarioPhases());
    CHECK(withSync.steps[0].phase("forward")->hostBeforeWaitUs == Approx(2.0));
    CHECK(withSync.summary.phases.size() == 3);
    for (const auto& phase : withSync.summary.phases) {
        if (phase.name == "forward") CHECK(phase.hostBeforeWaitUs == Approx((2.0 + 5.0) / 2));  // median of two steps
    }
}

TEST_CASE("graphed step: one graph launch, its kernels and copy node counted, span past the host range",
          "[profiler][metrics]") {
    const auto batch = scenarioBatch();
    const auto metrics = computeMetrics(batch, scenarioPhases());
    const auto& graphed = metrics.steps.at(1);
    CHECK(graphed.launches == 0);
    CHECK(graphed.graphLaunches == 1);
    CHECK(graphed.kernels == 3);
    CHECK(graphed.copies == 2);
    CHECK(graphed.launchCpuUs == Approx(0.3));
    CHECK(graphed.wallUs == 10.0);
    CHECK(graphed.spanUs == 11.5);             // to the end of the postprocess copy, after the last kernel
    CHECK(graphed.gpuBusyUs == Approx(10.7));  // [20800, 31500], touching intervals merged
    CHECK(graphed.phase("forward")->gpuUs == Approx(10.2));
    CHECK(graphed.phase("postprocess")->gpuUs == Approx(0.5));
    CHECK(graphed.phase("forward")->kernels == 3);  // node-level records of the replay, by its launch
    CHECK(graphed.phase("postprocess")->kernels == 0);
    REQUIRE(graphed.networkGpuFraction);
    CHECK(*graphed.networkGpuFraction == Approx(10200.0 / 10700.0));
    CHECK_FALSE(graphed.launchDelayMedianUs);  // graph kernels have no launch call of their own
}

TEST_CASE("malformed records are discarded and counted, never trusted", "[profiler][metrics]") {
    const auto metrics = computeMetrics(scenarioBatch(), scenarioPhases());
    DiscardCounts expected;
    expected.kernelsWithoutTimestamp = 1;
    expected.kernelsEndBeforeStart = 1;
    expected.kernelsWithoutLaunch = 2;
    expected.copiesWithoutTimestamp = 1;
    expected.copiesEndBeforeStart = 1;
    expected.copiesWithoutCall = 1;
    expected.apisWithoutTimestamp = 1;
    expected.apisEndBeforeStart = 1;
    expected.droppedByCupti = 4;
    CHECK(metrics.discarded == expected);
    CHECK(metrics.discarded.total() == 13);
    CHECK(metrics.kernelsOutsideSteps == 1);
}

TEST_CASE("summary is the median over steps, launch delays pooled", "[profiler][metrics]") {
    const auto summary = computeMetrics(scenarioBatch(), scenarioPhases()).summary;
    CHECK(summary.steps == 2);
    CHECK(*summary.launches == 1.5);
    CHECK(*summary.graphLaunches == 0.5);
    CHECK(*summary.kernels == 3.0);
    CHECK(*summary.copies == 2.5);
    CHECK(*summary.gpuBusyUs == Approx(8.15));
    CHECK(*summary.wallUs == 10.0);
    CHECK(*summary.spanUs == 10.75);
    CHECK(*summary.networkGpuFraction == Approx((4200.0 / 5600.0 + 10200.0 / 10700.0) / 2));
    CHECK(*summary.launchDelayMedianUs == Approx(1.5));
    REQUIRE(summary.phases.size() == 3);
    CHECK(summary.phases[1].name == "forward");
    CHECK(summary.phases[1].wallUs == 4.5);
    CHECK(summary.phases[1].gpuUs == Approx(7.2));  // median of 4.2 and 10.2
    CHECK(summary.phases[1].ranges == 1);
    CHECK(summary.phases[1].kernels == 3.0);
    CHECK(summary.phases[2].name == "postprocess");
    CHECK(summary.phases[2].gpuUs == Approx(0.45));
}

TEST_CASE("launches from another thread count in the phase whose host range contains them",
          "[profiler][metrics][alignment]") {
    // libtorch runs backward on its autograd thread (2) while the main thread (1) waits in "backward".
    ActivityBatch batch;
    batch.apis = {api(R, kCudaLaunchKernel, 1500, 1600, 1, /*thread=*/1),
                  api(R, kCudaLaunchKernel, 3100, 3150, 5, /*thread=*/1),  // the loss
                  api(R, kCudaLaunchKernelExC, 3500, 3600, 2, /*thread=*/2),
                  api(R, kCudaLaunchCooperativeKernel, 3700, 3800, 3, /*thread=*/2),
                  api(R, kCudaLaunchKernel, 5000, 5100, 4, /*thread=*/1)};  // after the step: not in it
    batch.kernels = {kernel(1700, 2700, 7, 1), kernel(3200, 3300, 7, 5), kernel(3650, 4000, 7, 2),
                     kernel(4000, 4500, 7, 3), kernel(5200, 5300, 7, 4)};
    const std::vector<PhaseMark> phases{mark("step", 1000, 4999, 0), mark("forward", 1000, 3000),
                                        mark("loss", 3000, 3400), mark("backward", 3400, 4600)};
    const auto metrics = computeMetrics(batch, phases);
    REQUIRE(metrics.steps.size() == 1);
    const auto& step = metrics.steps[0];
    CHECK(step.launches == 4);
    CHECK(step.kernels == 4);
    CHECK(step.phase("forward")->gpuUs == 1.0);
    CHECK(step.phase("loss")->gpuUs == Approx(0.1));
    CHECK(step.phase("backward")->gpuUs == Approx(0.85));  // launched on thread 2, counted all the same
    // forward 1000 + backward 850 ns of the step's 1950; loss is not network.
    CHECK(*step.networkGpuFraction == Approx(1850.0 / 1950.0));
    CHECK(metrics.kernelsOutsideSteps == 1);
}

TEST_CASE("a launch exactly on a range's boundary belongs to it, one a nanosecond later does not",
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
    batch.apis = {api(R, kCudaLaunchKernel, 100, 200, 1), api(R, kCudaMemcpyAsync, 500, 550, 2)};
    batch.kernels = {kernel(300, 400, 7, 1)};
    batch.copies = {copy(600, 900, 7, 2, CopyKind::DeviceToHost)};
    const auto none = computeMetrics(batch, {});
    CHECK(none.steps.empty());
    CHECK(none.summary.steps == 0);
    CHECK_FALSE(none.summary.launches);
    CHECK_FALSE(none.summary.networkGpuFraction);
    CHECK(none.kernelsOutsideSteps == 1);

    const auto noNetwork = computeMetrics(batch, {mark("step", 0, 1000, 0), mark("data", 0, 500)});
    CHECK(noNetwork.steps.at(0).gpuBusyUs == Approx(0.4));
    CHECK_FALSE(noNetwork.steps.at(0).networkGpuFraction);
    CHECK_FALSE(noNetwork.summary.networkGpuFraction);

    MetricsOptions options;
    options.stepPhase = "iteration";
    options.networkPhases = {"model"};
    const auto custom = computeMetrics(
        batch, {mark("iteration", 0, 1000, 0), mark("model", 0, 250), mark("io", 400, 1000)}, options);
    // The model's kernel [300, 400] (running after its range ended): 100 of the step's 100 + 300 busy ns.
    CHECK(*custom.steps.at(0).networkGpuFraction == Approx(0.25));
}

TEST_CASE("network GPU fraction: data copy, forward on two streams, postprocess kernel and copy",
          "[profiler][metrics]") {
    // Eager: forward's host range ends long before its kernels do; postprocess queues behind them.
    ActivityBatch batch;
    batch.apis = {api(R, kCudaMemcpyAsync, 100, 150, 1),      // data
                  api(R, kCudaLaunchKernel, 1500, 1550, 2),   // forward
                  api(R, kCudaLaunchKernel, 1600, 1650, 3),   // forward, second stream
                  api(R, kCudaLaunchKernel, 2100, 2150, 4),   // postprocess
                  api(D, kCuMemcpyDtoHAsync, 2200, 2250, 5),  // postprocess, through the driver
                  api(R, kCudaStreamSynchronize, 2300, 4800, 6)};
    batch.kernels = {kernel(1700, 3700, 7, 2), kernel(3000, 4000, 8, 3), kernel(4000, 4500, 7, 4)};
    batch.copies = {copy(200, 1200, 7, 1, CopyKind::HostToDevice),
                    copy(4500, 4700, 7, 5, CopyKind::DeviceToHost)};
    const std::vector<PhaseMark> phases{mark("step", 0, 6000, 0), mark("data", 0, 1400),
                                        mark("forward", 1400, 2000), mark("postprocess", 2000, 6000)};
    const auto metrics = computeMetrics(batch, phases);
    const auto& step = metrics.steps.at(0);
    CHECK(step.kernels == 3);
    CHECK(step.copies == 2);
    CHECK(step.launches == 3);
    // [200,1200] + [1700,4000] (two streams, once) + [4000,4700] touching it: 1000 + 3000 ns.
    CHECK(step.gpuBusyUs == Approx(4.0));
    CHECK(step.phase("data")->gpuUs == Approx(1.0));
    CHECK(step.phase("forward")->gpuUs == Approx(2.3));
    CHECK(step.phase("postprocess")->gpuUs == Approx(0.7));
    REQUIRE(step.networkGpuFraction);
    CHECK(*step.networkGpuFraction == Approx(2300.0 / 4000.0));
    CHECK(metrics.discarded.total() == 0);

    // Two network ranges in one step (forward, then backward) join in one union; a network phase that
    // issued nothing gives a fraction of 0, not an absent one; a step without GPU work has none.
    const std::vector<PhaseMark> withBackward{mark("step", 0, 6000, 0), mark("data", 0, 1400),
                                              mark("forward", 1400, 1580), mark("backward", 1580, 2000),
                                              mark("postprocess", 2000, 6000)};
    CHECK(*computeMetrics(batch, withBackward).steps.at(0).networkGpuFraction == Approx(2300.0 / 4000.0));
    const std::vector<PhaseMark> idleForward{mark("step", 0, 1400, 0), mark("data", 0, 1000),
                                             mark("forward", 1000, 1400)};
    CHECK(*computeMetrics(batch, idleForward).steps.at(0).networkGpuFraction == 0.0);
    const auto nothing =
        computeMetrics(batch, {mark("step", 10000, 11000, 0), mark("forward", 10000, 11000)});
    CHECK(nothing.steps.at(0).gpuBusyUs == 0.0);
    CHECK_FALSE(nothing.steps.at(0).networkGpuFraction);
    CHECK_FALSE(nothing.summary.networkGpuFraction);
}

namespace {

// Graph-level tracing: the graphed step of the scenario as CUPTI_ACTIVITY_KIND_GRAPH_TRACE reports it,
// one record for the replay [20800, 31000] and no kernel or copy node records; the inventory says the
// graph holds 3 kernel nodes. A second step replays a graph the inventory does not know.
ActivityBatch graphLevelBatch() {
    ActivityBatch batch;
    batch.apis = {
        api(R, kCudaGraphLaunch, 20100, 20400, 20),
        api(D, kCuGraphLaunch, 20150, 20350, 20),    // nested
        api(R, kCudaMemcpyAsync, 25100, 25200, 21),  // postprocess copy
        api(R, kCudaGraphLaunch, 40100, 40300, 40),
    };
    batch.graphExecutions = {
        GraphExecutionRecord{20800, 31000, 0, 9, 20, /*graphId=*/3},
        GraphExecutionRecord{40500, 42500, 0, 9, 40, /*graphId=*/8},
        GraphExecutionRecord{0, 0, 0, 9, 20, 3},          // no timestamp
        GraphExecutionRecord{43000, 42000, 0, 9, 40, 8},  // end before start
        GraphExecutionRecord{44000, 45000, 0, 9, 77, 8},  // no launch has its id
    };
    batch.copies = {copy(31000, 31500, 9, 21, CopyKind::DeviceToHost)};
    batch.graphKernelNodes = {{3, 3}};
    return batch;
}

std::vector<PhaseMark> graphLevelPhases() {
    return {mark("step", 20000, 30000, 0), mark("forward", 20000, 25000), mark("postprocess", 25000, 30000),
            mark("step", 40000, 50000, 0), mark("forward", 40000, 45000)};
}

}  // namespace

TEST_CASE("graph-level tracing: a replay is one interval and its kernels count from the inventory",
          "[profiler][metrics]") {
    const auto metrics = computeMetrics(graphLevelBatch(), graphLevelPhases());
    REQUIRE(metrics.steps.size() == 2);
    const auto& graphed = metrics.steps[0];
    CHECK(graphed.graphLaunches == 1);
    CHECK(graphed.graphExecutions == 1);
    CHECK(graphed.graphExecutionsUncounted == 0);
    CHECK(graphed.kernels == 3);  // the graph's kernel nodes
    CHECK(graphed.copies == 1);   // the postprocess copy; the replay is not a copy
    CHECK(graphed.spanUs == 11.5);
    CHECK(graphed.gpuBusyUs == Approx(10.7));  // [20800, 31000] + [31000, 31500]
    CHECK(graphed.phase("forward")->gpuUs == Approx(10.2));
    CHECK(graphed.phase("forward")->kernels == 3);  // the replay launched in forward: its kernel nodes
    CHECK(graphed.phase("postprocess")->kernels == 0);
    REQUIRE(graphed.networkGpuFraction);
    CHECK(*graphed.networkGpuFraction == Approx(10200.0 / 10700.0));

    const auto& unknown = metrics.steps[1];
    CHECK(unknown.graphExecutions == 1);
    CHECK(unknown.graphExecutionsUncounted == 1);  // said, not guessed
    CHECK(unknown.kernels == 0);
    CHECK(unknown.phase("forward")->kernels == 0);
    CHECK(unknown.gpuBusyUs == Approx(2.0));
}

TEST_CASE("graph-level records without a timestamp, ending before they start or without a launch are discarded",
          "[profiler][metrics]") {
    const auto metrics = computeMetrics(graphLevelBatch(), graphLevelPhases());
    DiscardCounts expected;
    expected.graphsWithoutTimestamp = 1;
    expected.graphsEndBeforeStart = 1;
    expected.graphsWithoutLaunch = 1;
    CHECK(metrics.discarded == expected);
    CHECK(metrics.discarded.total() == 3);
}

TEST_CASE("per-phase kernel counts: by launch, nested seam phases, repeated ranges once, median over steps",
          "[profiler][metrics]") {
    // Step 0 [0, 10000]: a training step split at a seam. forward [1000, 4000] holds captured_forward
    // [1000, 2500]; backward [5000, 8000] runs twice (two ranges of the name, overlapping); the optimizer
    // launches one kernel and a memset. Step 1 [20000, 30000]: forward with 2 kernels, no seam phases.
    ActivityBatch batch;
    batch.apis = {api(R, kCudaLaunchKernel, 1100, 1200, 1),   // forward, captured part
                  api(R, kCudaLaunchKernel, 2000, 2100, 2),   // forward, captured part
                  api(R, kCudaLaunchKernel, 3000, 3100, 3),   // forward, eager rest
                  api(R, kCudaLaunchKernel, 4500, 4600, 4),   // loss
                  api(R, kCudaLaunchKernel, 5600, 5700, 5),   // backward, inside both of its ranges
                  api(R, kCudaLaunchKernel, 7500, 7600, 6),   // backward, second range only
                  api(R, kCudaLaunchKernel, 8500, 8600, 7),   // optimizer
                  api(R, kCudaMemsetAsync, 8700, 8800, 8),    // optimizer: a memset, not a kernel
                  api(R, kCudaLaunchKernel, 21000, 21100, 20),
                  api(R, kCudaLaunchKernel, 22000, 22100, 21)};
    batch.kernels = {kernel(1300, 1900, 7, 1), kernel(2200, 2900, 7, 2), kernel(3200, 4800, 7, 3),
                     kernel(4800, 5000, 7, 4), kernel(5800, 6000, 7, 5), kernel(7700, 7900, 7, 6),
                     kernel(8700, 8900, 7, 7), kernel(21200, 21300, 7, 20), kernel(22200, 22300, 7, 21)};
    batch.copies = {copy(8900, 9000, 7, 8, CopyKind::Memset)};
    const std::vector<PhaseMark> phases{
        mark("step", 0, 10000, 0),         mark("forward", 1000, 4000),    mark("captured_forward", 1000, 2500, 2),
        mark("loss", 4000, 5000),          mark("backward", 5000, 6000),   mark("backward", 5500, 8000),
        mark("optimizer", 8000, 9500),     mark("step", 20000, 30000, 0),  mark("forward", 20000, 25000)};
    const auto metrics = computeMetrics(batch, phases);
    REQUIRE(metrics.steps.size() == 2);
    const auto& split = metrics.steps[0];
    CHECK(split.phase("forward")->kernels == 3);           // the captured part's kernels as well
    CHECK(split.phase("captured_forward")->kernels == 2);  // not the eager rest's launch at 3000
    CHECK(split.phase("loss")->kernels == 1);              // forward's kernel running into loss: not loss's
    CHECK(split.phase("backward")->ranges == 2);
    CHECK(split.phase("backward")->kernels == 2);          // the launch inside both ranges counts once
    CHECK(split.phase("optimizer")->kernels == 1);         // the memset is a copy
    CHECK(split.kernels == 7);
    CHECK(metrics.steps[1].phase("forward")->kernels == 2);

    // Per name, the median over the steps that have the phase: forward (3, 2) -> 2.5, not truncated;
    // captured_forward only in step 0.
    const auto& summary = metrics.summary;
    const auto named = [&](const std::string& name) {
        const auto it = std::find_if(summary.phases.begin(), summary.phases.end(),
                                     [&](const PhaseTiming& p) { return p.name == name; });
        REQUIRE(it != summary.phases.end());
        return *it;
    };
    CHECK(named("forward").kernels == 2.5);
    CHECK(named("captured_forward").kernels == 2);
    CHECK(named("backward").kernels == 2);
}
