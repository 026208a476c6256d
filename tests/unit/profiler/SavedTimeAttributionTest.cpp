// Where the saved time went, on hand-made steps with known answers (records in ns, terms in us):
// a launch-bound step (the GPU idle between eager kernels is the saving), a GPU-bound one (nothing
// to save), an eager postprocess both arms run alike (it changes no term), kernel alignment by count
// and by name, the segments of a training step, and the terms adding up to the saving on random steps.
#include "FakeActivitySource.h"
#include "profiler/RegionTimeline.h"
#include "profiler/SavedTimeAttribution.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

// A named namespace, not an anonymous one: the unity build compiles this target's tests as one file.
namespace saved_time_test {

constexpr uint32_t kReplayedGraph = 3;

// One window's records, built call by call; every call gets its own correlation id.
struct Window {
    ActivityBatch batch;
    std::vector<PhaseMark> marks;
    uint32_t correlation = 100;

    void launch(uint64_t callStart, uint64_t callEnd, uint64_t kernelStart, uint64_t kernelEnd,
                std::string name = "k") {
        batch.apis.push_back(api(ApiDomain::Runtime, kCudaLaunchKernel, callStart, callEnd, ++correlation));
        batch.kernels.push_back(kernel(kernelStart, kernelEnd, 7, correlation, 0, std::move(name)));
    }
    void copyOut(uint64_t callStart, uint64_t callEnd, uint64_t copyStart, uint64_t copyEnd) {
        batch.apis.push_back(api(ApiDomain::Runtime, kCudaMemcpyAsync, callStart, callEnd, ++correlation));
        batch.copies.push_back(copy(copyStart, copyEnd, 7, correlation, CopyKind::DeviceToHost));
    }
    // Graph-level tracing: one record for the whole replay.
    void replay(uint64_t callStart, uint64_t callEnd, uint64_t replayStart, uint64_t replayEnd,
                uint32_t graphId = kReplayedGraph) {
        batch.apis.push_back(api(ApiDomain::Runtime, kCudaGraphLaunch, callStart, callEnd, ++correlation));
        batch.graphExecutions.push_back(
            GraphExecutionRecord{replayStart, replayEnd, 0, 7, correlation, graphId});
    }
    // Node-level tracing (graph-level tracing not armed): one record per kernel node, sharing the launch's
    // id.
    void replayNodes(uint64_t callStart, uint64_t callEnd,
                     const std::vector<std::pair<uint64_t, uint64_t>>& nodes,
                     const std::vector<std::string>& names) {
        batch.apis.push_back(api(ApiDomain::Runtime, kCudaGraphLaunch, callStart, callEnd, ++correlation));
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            batch.kernels.push_back(
                kernel(nodes[i].first, nodes[i].second, 7, correlation, kReplayedGraph, names[i]));
        }
    }
    void sync(uint64_t start, uint64_t end) {
        batch.apis.push_back(api(ApiDomain::Runtime, kCudaStreamSynchronize, start, end, ++correlation));
    }
    void phase(std::string name, uint64_t start, uint64_t end, int depth = 1) {
        marks.push_back(mark(std::move(name), start, end, depth));
    }
};

// Eager, launch-bound: 10 kernels of 2 us, launched every 10 us (4 us calls, 2 us latency), so the GPU
// idles 8 us between them. forward [1, 98] us; the last kernel ends at 99 us; synchronize [98.5, 99.5].
void launchBoundEagerStep(Window& w, uint64_t base, uint64_t stepEnd = 100000) {
    w.phase("step", base, base + stepEnd, 0);
    w.phase("forward", base + 1000, base + 98000);
    for (uint64_t i = 0; i < 10; ++i) {
        const uint64_t call = base + 1000 + i * 10000;
        w.launch(call, call + 4000, call + 6000, call + 8000, "k" + std::to_string(i));
    }
    w.sync(base + 98500, base + 99500);
}

// Graphed: one graph launch [2, 7] us, the replay [9, 33.5] us (10 kernels of 2 us and 9 gaps of 0.5 us),
// synchronize [7.5, 34] us, step ends at 34.5 us.
void launchBoundGraphedStep(Window& w, uint64_t base, uint64_t stepEnd = 34500) {
    w.phase("step", base, base + stepEnd, 0);
    w.phase("forward", base + 1000, base + 8000);
    w.replay(base + 2000, base + 7000, base + 9000, base + 33500);
    w.sync(base + 7500, base + 34000);
}

// The same postprocess in both arms, launched while the region's GPU work still runs and run after it:
// three 2 us kernels, a 1 us copy back, and a synchronize that waits for them.
void postprocess(Window& w, uint64_t hostStart, uint64_t gpuFree) {
    w.phase("postprocess", hostStart, hostStart + 900);
    for (uint64_t i = 0; i < 3; ++i) {
        w.launch(hostStart + 100 + 200 * i, hostStart + 250 + 200 * i, gpuFree + 2000 * i,
                 gpuFree + 2000 * (i + 1), "nms");
    }
    w.copyOut(hostStart + 700, hostStart + 850, gpuFree + 6000, gpuFree + 7000);
    w.sync(hostStart + 900, gpuFree + 7500);
}

ArmRegion inference(const Window& w) {
    return ArmRegion{w.batch, w.marks, {"forward"}};
}

void requireTermsAddUp(const SavedTime& t) {
    REQUIRE(t.gpuIdleUs + t.hostLaunchUs + t.kernelTimeUs + t.replayCostUs + t.unexplainedUs ==
            Approx(t.savedUs).margin(1e-9));
    REQUIRE(t.replayCostUs <= 0.0);
}

}  // namespace saved_time_test

using namespace saved_time_test;

TEST_CASE("a launch-bound step's saving is mostly the GPU idle between eager kernels",
          "[profiler][saved-time]") {
    Window eager, graphed;
    launchBoundEagerStep(eager, 0);
    launchBoundGraphedStep(graphed, 0);
    graphed.batch.graphKernelNodes[kReplayedGraph] = 10;

    const auto t = attributeSavedTime(inference(eager), inference(graphed), /*replayGapUs=*/0.5);
    REQUIRE(t);
    requireTermsAddUp(*t);
    CHECK(t->savedUs == Approx(65.5));       // 100 - 34.5
    CHECK(t->replayGapsUs == Approx(5.0));   // 10 kernel nodes x 0.5 us
    CHECK(t->gpuIdleUs == Approx(67.0));     // 9 gaps of 8 us, less the replay's 5 us
    CHECK(t->hostLaunchUs == Approx(6.0));   // forward start to the first kernel: one call and its latency
    CHECK(t->kernelTimeUs == Approx(0.5));   // 20 us of kernels against 24.5 - 5 us in the replay
    CHECK(t->replayCostUs == Approx(-8.0));  // forward start to replay start
    CHECK(t->unexplainedUs == Approx(0.0).margin(1e-9));
    CHECK(t->gpuIdleUs > 0.8 * t->savedUs);
    CHECK(t->kernelAlignment == "10 of 10 kernels (count only: graph-level tracing records no kernel order)");
    CHECK(t->notes.empty());
    CHECK_FALSE(t->replayGapsMeasured);

    SECTION("without a calibrated gap per kernel no replay gap is subtracted, and a note says so") {
        const auto uncalibrated = attributeSavedTime(inference(eager), inference(graphed), std::nullopt);
        REQUIRE(uncalibrated);
        requireTermsAddUp(*uncalibrated);
        CHECK(uncalibrated->gpuIdleUs == Approx(72.0));
        CHECK(uncalibrated->kernelTimeUs == Approx(-4.5));  // the replay's own gaps land here
        CHECK(uncalibrated->unexplainedUs == Approx(0.0).margin(1e-9));
        REQUIRE(uncalibrated->notes.size() == 1);
        CHECK_THAT(uncalibrated->notes[0], Catch::Contains("no replay gap per kernel calibrated"));
    }
}

TEST_CASE("a GPU-bound step saves about nothing and no term claims otherwise", "[profiler][saved-time]") {
    // Eager: 10 kernels of 100 us queued back to back by calls every 3 us; the host leaves forward at 31 us.
    Window eager, graphed;
    eager.phase("step", 0, 1006000, 0);
    eager.phase("forward", 1000, 31000);
    for (uint64_t i = 0; i < 10; ++i) {
        eager.launch(1000 + 3000 * i, 3000 + 3000 * i, 5000 + 100000 * i, 105000 + 100000 * i);
    }
    eager.sync(31500, 1005500);
    // Graphed: the same 10 kernels in one replay, launched at 2 us, running [9, 1009] us.
    graphed.phase("step", 0, 1010000, 0);
    graphed.phase("forward", 1000, 8000);
    graphed.replay(2000, 7000, 9000, 1009000);
    graphed.sync(7500, 1009500);
    graphed.batch.graphKernelNodes[kReplayedGraph] = 10;

    const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.0);
    REQUIRE(t);
    requireTermsAddUp(*t);
    CHECK(t->savedUs == Approx(-4.0));
    CHECK(std::abs(t->savedUs) < 0.01 * 1006.0);
    CHECK(t->gpuIdleUs == Approx(0.0).margin(1e-9));
    CHECK(t->kernelTimeUs == Approx(0.0).margin(1e-9));  // the same 1000 us of kernels
    CHECK(t->hostLaunchUs == Approx(4.0));
    CHECK(t->replayCostUs == Approx(-8.0));
    CHECK(t->unexplainedUs == Approx(0.0).margin(1e-9));
}

TEST_CASE("an eager postprocess that both arms run alike changes no term", "[profiler][saved-time]") {
    Window eager, graphed;
    launchBoundEagerStep(eager, 0, /*stepEnd=*/107000);
    postprocess(eager, 98000, 99000);  // host leaves forward at 98 us; the GPU frees at 99 us
    launchBoundGraphedStep(graphed, 0, /*stepEnd=*/41500);
    postprocess(graphed, 8000, 33500);  // the postprocess's calls hide behind the replay
    graphed.batch.graphKernelNodes[kReplayedGraph] = 10;

    const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.5);
    REQUIRE(t);
    requireTermsAddUp(*t);
    // The terms of the step without a postprocess, to the ns.
    CHECK(t->savedUs == Approx(65.5));
    CHECK(t->gpuIdleUs == Approx(67.0));
    CHECK(t->hostLaunchUs == Approx(6.0));
    CHECK(t->kernelTimeUs == Approx(0.5));
    CHECK(t->replayCostUs == Approx(-8.0));
    CHECK(t->unexplainedUs == Approx(0.0).margin(1e-9));
    CHECK(t->kernelAlignment == "10 of 10 kernels (count only: graph-level tracing records no kernel order)");
}

TEST_CASE("work issued before the region and still running delays the region's start in both arms",
          "[profiler][saved-time]") {
    // The data phase's upload runs until 3 us, past forward's host start at 1 us: the region's time
    // starts when it ends, so neither the eager lead nor the replay cost pays for the upload.
    Window eager, graphed;
    launchBoundEagerStep(eager, 0);
    launchBoundGraphedStep(graphed, 0);
    for (Window* w : {&eager, &graphed}) {
        w->phase("data", 0, 900);
        w->batch.apis.push_back(api(ApiDomain::Runtime, kCudaMemcpyAsync, 100, 300, 99));
        w->batch.copies.push_back(copy(400, 3000, 7, 99, CopyKind::HostToDevice));
    }
    graphed.batch.graphKernelNodes[kReplayedGraph] = 10;
    const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.5);
    REQUIRE(t);
    requireTermsAddUp(*t);
    CHECK(t->hostLaunchUs == Approx(4.0));   // [3, 7] us
    CHECK(t->replayCostUs == Approx(-6.0));  // [3, 9] us
    // The upload lies before the region in both arms: the same outside copy time, no kernel_time change.
    CHECK(t->kernelTimeUs == Approx(0.5));
}

TEST_CASE("kernel alignment reports counts that differ and graphs it cannot count",
          "[profiler][saved-time]") {
    Window eager, graphed;
    launchBoundEagerStep(eager, 0);
    launchBoundGraphedStep(graphed, 0);

    SECTION("a graph with fewer kernel nodes than the eager region ran kernels") {
        graphed.batch.graphKernelNodes[kReplayedGraph] = 9;
        const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.5);
        REQUIRE(t);
        requireTermsAddUp(*t);
        CHECK(t->kernelAlignment == "counts differ: eager 10 kernels, graph 9 kernels");
    }
    SECTION("a replayed graph whose kernel nodes were not noted") {
        const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.5);
        REQUIRE(t);
        requireTermsAddUp(*t);
        CHECK_THAT(t->kernelAlignment, Catch::StartsWith("unknown: a replayed graph's kernel count"));
        CHECK(t->replayGapsUs == 0.0);  // no count, no calibrated gaps
    }
    SECTION("eager kernels around the replay are named after the count") {
        graphed.batch.graphKernelNodes[kReplayedGraph] = 10;
        graphed.launch(1500, 1800, 8000, 8500, "philox_offset_update");
        const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.5);
        REQUIRE(t);
        requireTermsAddUp(*t);
        CHECK(t->kernelAlignment ==
              "10 of 10 kernels (count only: graph-level tracing records no kernel order); +1 eager kernel "
              "around the replay");
        CHECK(t->replayCostUs == Approx(-8.0));  // the prologue kernel lies inside [1, 9] us already
    }
    SECTION("no replay at all in the graphed region") {
        Window notReplaying;
        launchBoundEagerStep(notReplaying, 0);
        const auto t = attributeSavedTime(inference(eager), inference(notReplaying), 0.5);
        REQUIRE(t);
        requireTermsAddUp(*t);
        CHECK_THAT(t->kernelAlignment, Catch::StartsWith("no graph replay"));
        CHECK(t->savedUs == Approx(0.0).margin(1e-9));
    }
}

TEST_CASE("node-level replays are compared kernel by kernel and their gaps are measured",
          "[profiler][saved-time]") {
    Window eager, graphed;
    launchBoundEagerStep(eager, 0);
    graphed.phase("step", 0, 34500, 0);
    graphed.phase("forward", 1000, 8000);
    std::vector<std::pair<uint64_t, uint64_t>> nodes;
    std::vector<std::string> names;
    for (uint64_t i = 0; i < 10; ++i) {
        nodes.push_back({9000 + 2500 * i, 11000 + 2500 * i});  // 2 us kernels, 0.5 us gaps: [9, 33.5] us
        names.push_back("k" + std::to_string(i));
    }

    SECTION("the same kernels in the same order") {
        graphed.replayNodes(2000, 7000, nodes, names);
        graphed.sync(7500, 34000);
        const auto t = attributeSavedTime(inference(eager), inference(graphed), /*ignored:*/ 3.0);
        REQUIRE(t);
        requireTermsAddUp(*t);
        CHECK(t->kernelAlignment == "10 of 10 kernels in the same order");
        CHECK(t->replayGapsMeasured);
        CHECK(t->replayGapsUs == Approx(4.5));  // 9 gaps of 0.5 us, from the records
        CHECK(t->gpuIdleUs == Approx(67.5));
        CHECK(t->kernelTimeUs == Approx(0.0).margin(1e-9));
        CHECK(t->unexplainedUs == Approx(0.0).margin(1e-9));
    }
    SECTION("the first kernel that differs is named") {
        names[3] = "fused_k3";
        graphed.replayNodes(2000, 7000, nodes, names);
        const auto t = attributeSavedTime(inference(eager), inference(graphed), std::nullopt);
        REQUIRE(t);
        CHECK(t->kernelAlignment == "kernel 4 differs: eager 'k3', graph 'fused_k3' (eager 10, graph 10)");
    }
    SECTION("a kernel the graph lacks") {
        nodes.pop_back();
        names.pop_back();
        graphed.replayNodes(2000, 7000, nodes, names);
        const auto t = attributeSavedTime(inference(eager), inference(graphed), std::nullopt);
        REQUIRE(t);
        CHECK(t->kernelAlignment ==
              "counts differ: eager 10 kernels, graph 9 kernels; eager kernel 10 'k9' has no counterpart");
    }
}

TEST_CASE("a training step's region is cut where another phase lies between its ranges",
          "[profiler][saved-time]") {
    // forward [1, 10] (captured_forward [1, 6] inside), loss [11, 14], backward [15, 30]
    // (captured_backward [16, 25] inside), optimizer [31, 40].
    Window w;
    w.phase("step", 0, 50000, 0);
    w.phase("forward", 1000, 10000);
    w.phase("captured_forward", 1000, 6000, 2);
    w.phase("loss", 11000, 14000);
    w.phase("backward", 15000, 30000);
    w.phase("captured_backward", 16000, 25000, 2);
    w.phase("optimizer", 31000, 40000);
    w.launch(1500, 2000, 2500, 3000, "conv");
    w.launch(7000, 7500, 8000, 9000, "head");        // forward's eager rest: not the captured part
    w.launch(12000, 12500, 13000, 20000, "loss_k");  // still running when backward starts
    w.launch(16500, 17000, 21000, 22000, "conv_bw");

    SECTION("network scope: forward and backward, the loss between them") {
        const auto timeline = regionTimeline(w.batch, w.marks, {"forward", "backward"});
        REQUIRE(timeline);
        REQUIRE(timeline->segments.size() == 2);
        CHECK(timeline->segments[0].hostStart == 1000);
        CHECK(timeline->segments[0].end == 10000);
        CHECK(timeline->segments[1].start == 20000);  // the loss's kernel ran until 20 us
        CHECK(timeline->eagerKernels == std::vector<std::string>{"conv", "head", "conv_bw"});
    }
    SECTION("a seam: the captured parts, their parents not cutting them") {
        const auto timeline = regionTimeline(w.batch, w.marks, {"captured_forward", "captured_backward"});
        REQUIRE(timeline);
        REQUIRE(timeline->segments.size() == 2);
        CHECK(timeline->eagerKernels == std::vector<std::string>{"conv", "conv_bw"});
        CHECK(timeline->segments[0].busyNs == 500);
        CHECK(timeline->segments[0].launchLeadNs == 1000);  // [1.5, 2.5] us: the call and its latency
    }
    SECTION("step scope: forward to optimizer in one segment") {
        const auto timeline = regionTimeline(w.batch, w.marks, {"forward", "loss", "backward", "optimizer"});
        REQUIRE(timeline);
        REQUIRE(timeline->segments.size() == 1);
        CHECK(timeline->segments[0].hostEnd == 40000);
        CHECK(timeline->eagerKernels.size() == 4);
    }
}

TEST_CASE("the attributed step is the one with the median wall time of its window",
          "[profiler][saved-time]") {
    std::vector<PhaseMark> marks{mark("step", 0, 100, 0), mark("step", 1000, 1300, 0),
                                 mark("step", 2000, 2200, 0)};
    CHECK(medianWallStep(marks) == 2u);
    marks.push_back(mark("step", 3000, 3050, 0));
    CHECK(medianWallStep(marks) == 0u);         // walls 100, 300, 200, 50: the lower middle one, 100
    marks.push_back(mark("step", 4000, 0, 0));  // still open: not a step
    CHECK(medianWallStep(marks) == 0u);
    CHECK_FALSE(medianWallStep({}));

    // Three steps per arm: the middle-wall ones are attributed, and the saving is theirs.
    Window eager, graphed;
    launchBoundEagerStep(eager, 0, 120000);
    launchBoundEagerStep(eager, 200000, 100000);
    launchBoundEagerStep(eager, 400000, 110000);
    launchBoundGraphedStep(graphed, 0, 34500);
    launchBoundGraphedStep(graphed, 100000, 50000);
    launchBoundGraphedStep(graphed, 200000, 40000);
    graphed.batch.graphKernelNodes[kReplayedGraph] = 10;
    const auto t = attributeSavedTime(inference(eager), inference(graphed), 0.5);
    REQUIRE(t);
    requireTermsAddUp(*t);
    CHECK(t->eagerStep == 2);
    CHECK(t->graphedStep == 2);
    CHECK(t->savedUs == Approx(110.0 - 40.0));
    CHECK(t->gpuIdleUs == Approx(67.0));  // the other steps' records stay out of it
}

TEST_CASE("the terms and unexplained always add up to the saving", "[profiler][saved-time]") {
    std::mt19937_64 random(20261205);
    auto between = [&](uint64_t low, uint64_t high) {
        return std::uniform_int_distribution<uint64_t>(low, high)(random);
    };
    for (int trial = 0; trial < 200; ++trial) {
        Window eager, graphed;
        // Eager: random kernels, gaps, latencies, some outrunning the host; a postprocess sometimes.
        uint64_t t = 1000 + between(0, 3000), gpu = 0;
        const uint64_t forwardStart = t;
        const int kernels = static_cast<int>(between(1, 30));
        for (int i = 0; i < kernels; ++i) {
            const uint64_t callEnd = t + between(500, 6000);
            const uint64_t start = std::max(gpu, callEnd + between(0, 4000));
            gpu = start + between(200, 50000);
            eager.launch(t, callEnd, start, gpu, "k" + std::to_string(i));
            t = callEnd + between(0, 3000);
        }
        eager.phase("forward", forwardStart, t);
        if (between(0, 1) == 1) postprocess(eager, t + 100, std::max(gpu, t + 500));
        const uint64_t eagerEnd = std::max(t, gpu) + between(10000, 20000);
        eager.sync(t + 1000, eagerEnd - between(0, 500));
        eager.phase("step", 0, eagerEnd, 0);

        // Graphed: a replay (sometimes of an unknown graph), a prologue kernel sometimes.
        const uint64_t launchAt = 1000 + between(0, 3000);
        if (between(0, 1) == 1)
            graphed.launch(launchAt - 500, launchAt - 100, launchAt + 200, launchAt + 700, "prologue");
        const uint64_t replayStart = launchAt + between(3000, 9000);
        const uint64_t replayEnd = replayStart + between(1000, 900000);
        graphed.replay(launchAt, launchAt + between(1000, 60000), replayStart, replayEnd);
        if (between(0, 3) != 0) graphed.batch.graphKernelNodes[kReplayedGraph] = kernels;
        graphed.phase("forward", launchAt - 800, launchAt + between(2000, 70000));
        const uint64_t graphedEnd = replayEnd + between(500, 30000);
        graphed.sync(std::min(launchAt + 70000, graphedEnd - 200), graphedEnd - 100);
        graphed.phase("step", 0, graphedEnd, 0);

        const std::optional<double> gap =
            between(0, 2) == 0 ? std::nullopt
                               : std::optional<double>(static_cast<double>(between(0, 3000)) / 1000.0);
        const auto terms = attributeSavedTime(inference(eager), inference(graphed), gap);
        REQUIRE(terms);
        INFO("trial " << trial);
        requireTermsAddUp(*terms);
        CHECK(terms->hostLaunchUs >= 0.0);
        CHECK(terms->savedUs ==
              Approx((static_cast<double>(eagerEnd) - static_cast<double>(graphedEnd)) / 1000.0));
    }
}
