#include "AdvisorTestRows.h"
#include "advisor/GraphedStepPrediction.h"

#include <catch2/catch.hpp>

using namespace graphlens::advisor;
using namespace graphlens::advisor::testing;
using Catch::Detail::Approx;

TEST_CASE("A launch-bound inference step: the replay costs its kernels, gaps and host, not the host's launches",
          "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(launchBoundInference(), calibration(), &why);
    REQUIRE(p);
    // rest = data 0.05 + postprocess 0.1; replay = 0.3 GPU + 50 * 2 us + 1 * 10 us.
    CHECK(p->region.eagerRestMs == Approx(0.15));
    CHECK(p->region.gpuMs == Approx(0.3));
    CHECK(p->replayGapsMs == Approx(0.1));
    CHECK(p->replayHostMs == Approx(0.01));
    CHECK(p->graphedMs == Approx(0.15 + 0.3 + 0.1 + 0.01));
    CHECK(p->speedup == Approx(2.2 / 0.56));
    CHECK(p->regionBusyShare == Approx(0.15));
    CHECK(p->verdict == Verdict::LaunchBound);
    CHECK(p->advice.rfind("launch-bound: graphs help (the GPU is busy 15% of forward's 2 ms)", 0) == 0);
}

TEST_CASE("A GPU-bound step is predicted to gain nothing, whatever its kernel count", "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(gpuBoundInference(), calibration(), &why);
    REQUIRE(p);
    // replay = 9.8 + 0.1 + 0.01 against an eager forward of 10 ms: about the same step.
    CHECK(p->graphedMs == Approx(0.2 + 9.8 + 0.1 + 0.01));
    CHECK(p->speedup == Approx(10.2 / 10.11));
    CHECK(p->verdict == Verdict::GpuBound);
    CHECK(p->advice.rfind("GPU-bound: graphs will not help", 0) == 0);
    // Ten times the kernels at the same GPU time does not make graphs pay: it only adds gaps.
    auto many = gpuBoundInference();
    many.forward_kernels = 500;
    const auto q = predictGraphedStep(many, calibration(), &why);
    REQUIRE(q);
    CHECK(q->graphedMs > p->graphedMs);
    CHECK(q->verdict == Verdict::GpuBound);
}

TEST_CASE("An eager postprocess keeps its time: a long one caps the prediction", "[advisor]") {
    auto row = launchBoundInference();
    row.postprocess_ms = 5.0;  // NMS on the host
    row.step_ms_median = 7.1;
    std::string why;
    const auto p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->region.eagerRestMs == Approx(5.05));
    CHECK(p->graphedMs == Approx(5.05 + 0.41));
    CHECK(p->speedup == Approx(7.1 / 5.46));
    // The region itself is launch-bound, but the step gains 30%, so the verdict is not "launch-bound".
    CHECK(p->verdict == Verdict::LaunchBound);
    row.postprocess_ms = 20.0;
    row.step_ms_median = 22.1;
    const auto q = predictGraphedStep(row, calibration(), &why);
    REQUIRE(q);
    CHECK(q->speedup < kWorthwhileSpeedup);
    CHECK(q->verdict != Verdict::LaunchBound);
}

TEST_CASE("Training network scope replays forward and backward, loss and optimizer stay eager", "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(trainingRow("network"), calibration(), &why);
    REQUIRE(p);
    CHECK(p->region.name == "forward and backward");
    CHECK(p->region.replays == 2);
    CHECK(p->region.eagerWallMs == Approx(8.0));
    CHECK(p->region.eagerRestMs == Approx(0.2 + 0.3 + 0.5));
    // The loss's backward stays eager: the loss phase's host time, 0.3 ms less its 0.02 ms of GPU time.
    CHECK(p->region.lossBackwardMs == Approx(0.28));
    CHECK(p->eagerRestMs == Approx(1.0 + 0.28));
    CHECK(p->region.kernels == 180);
    CHECK(p->replayGapsMs == Approx(0.36));
    CHECK(p->replayHostMs == Approx(0.02));
    CHECK(p->graphedMs == Approx(1.28 + 1.5 + 0.36 + 0.02));
}

TEST_CASE("Training network scope: the loss's backward is its marked host time where the profile has it", "[advisor]") {
    auto row = trainingRow("network");
    row.loss_ms = 3.0;  // mostly label assignment, which has no backward
    row.loss_backward_wall_us = 450.0;
    const auto p = predictGraphedStep(row, calibration(), nullptr);
    REQUIRE(p);
    CHECK(p->region.lossBackwardMs == Approx(0.45));
    row.loss_backward_wall_us.reset();  // an older session: the loss phase's host time stands for it
    const auto q = predictGraphedStep(row, calibration(), nullptr);
    REQUIRE(q);
    CHECK(q->region.lossBackwardMs == Approx(3.0 - 0.02));
    CHECK(q->graphedMs - p->graphedMs == Approx(2.98 - 0.45));
}

TEST_CASE("Training step scope replays everything but data in one graph", "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(trainingRow("step"), calibration(), &why);
    REQUIRE(p);
    CHECK(p->region.replays == 1);
    CHECK(p->region.kernels == 189);
    CHECK(p->region.eagerRestMs == Approx(0.2));
    CHECK(p->region.gpuMs == Approx(1.62));
    CHECK(p->graphedMs == Approx(0.2 + 1.62 + 0.378 + 0.01));
}

TEST_CASE("Training step scope: the data phase costs its time repeated alone, as between replays", "[advisor]") {
    auto row = trainingRow("step");
    row.data_alone_ms = 0.12;  // warmer than its 0.2 ms after an eager step
    const auto p = predictGraphedStep(row, calibration(), nullptr);
    REQUIRE(p);
    CHECK(p->eagerRestMs == Approx(0.12));
    CHECK(p->graphedMs == Approx(0.12 + 1.62 + 0.378 + 0.01));
    // The network scope's data runs beside its eager loss and optimizer, not alone: unchanged.
    auto network = trainingRow("network");
    const auto before = predictGraphedStep(network, calibration(), nullptr);
    network.data_alone_ms = 0.12;
    const auto after = predictGraphedStep(network, calibration(), nullptr);
    REQUIRE(before);
    REQUIRE(after);
    CHECK(after->graphedMs == Approx(before->graphedMs));
}

TEST_CASE("A seam split replays only its captured part, the rest of forward and backward stays eager", "[advisor]") {
    auto row = trainingRow("network");
    row.captured_ms = 5.0;
    row.captured_gpu_us = 900;
    row.captured_kernels = 100;
    std::string why;
    const auto p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->region.name == "the captured part of forward and backward");
    CHECK(p->region.eagerRestMs == Approx(9.0 - 5.0));
    CHECK(p->region.lossBackwardMs == 0);  // the loss is in the eager rest already
    CHECK(p->graphedMs == Approx(4.0 + 0.9 + 0.2 + 0.02));
}

TEST_CASE("No prediction without the figures it needs, and the reason names them", "[advisor]") {
    std::string why;
    auto row = launchBoundInference();
    row.forward_kernels.reset();
    CHECK_FALSE(predictGraphedStep(row, calibration(), &why));
    CHECK(why == "no kernel count for forward (it comes from the profiled pass)");
    row = launchBoundInference();
    row.forward_ms.reset();
    CHECK_FALSE(predictGraphedStep(row, calibration(), &why));
    CHECK(why == "no phase-pass time for forward");
    row = launchBoundInference();
    row.status = "oom";
    CHECK_FALSE(predictGraphedStep(row, calibration(), &why));
    CHECK(why == "the eager arm did not run (oom)");
    row = launchBoundInference();
    row.step_ms_median.reset();
    CHECK_FALSE(predictGraphedStep(row, calibration(), &why));
    CHECK(why == "no timed eager step");
}

TEST_CASE("The eager rest is what the timed step shows of it, not the phase pass's synchronized sum", "[advisor]") {
    // The phase pass says data + postprocess take 1.0 ms, but the timed step is only 0.6 ms longer than
    // forward: in it the rest overlapped the GPU's work.
    auto row = launchBoundInference();
    row.data_ms = 0.4;
    row.postprocess_ms = 0.6;
    row.step_ms_median = 2.6;
    std::string why;
    auto p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->region.eagerRestMs == Approx(1.0));
    CHECK(p->eagerRestMs == Approx(0.6));
    CHECK(p->graphedMs == Approx(0.6 + 0.41));
    // A timed step shorter than forward's phase-pass time says nothing about the rest: half of it is kept.
    row.step_ms_median = 1.8;
    p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->eagerRestMs == Approx(0.5));
    // And a timed step longer than the phase pass's sum never makes the rest longer than that sum.
    row.step_ms_median = 5.0;
    p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->eagerRestMs == Approx(1.0));
}

TEST_CASE("An inference row split at a seam gets no prediction: forward's phase holds the eager rest too", "[advisor]") {
    std::string why;
    auto row = launchBoundInference();
    REQUIRE(predictGraphedStep(row, calibration(), &why));
    row.seam = "split found on load by the seam search: capture after head, before nms";
    CHECK_FALSE(predictGraphedStep(row, calibration(), &why));
    CHECK(why == "the graph replaces only part of forward (a seam split), which the profile does not time apart");
}

TEST_CASE("A postprocess that launches work before it waits overlaps the replay, and after its wait it is in series",
          "[advisor]") {
    // Forward's replay keeps the GPU busy 0.3 + 50 * 2 us = 0.4 ms after an upload of 0.02 ms. The
    // postprocess (0.6 ms, 0.05 ms of it GPU) launches its kernels for 0.25 ms before its first wait.
    auto row = inferenceWithPostprocess(/*postGpuUs=*/50, /*beforeWaitUs=*/250);
    std::string why;
    auto p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    // host chain 0.03 + 0.25 = 0.28 < GPU chain 0.02 + 0.3 + 0.1 + 0.05 (the postprocess's kernels, queued
    // behind the replay) = 0.47: hidden; then what followed the wait in the eager step, 0.6 - 0.25 = 0.35.
    CHECK(p->graphedMs == Approx(0.01 + 0.47 + 0.35));
    CHECK(p->eagerRestMs == Approx(0.47 - 0.4 + 0.35));
    // The same postprocess waiting at once (a copy to the host first) overlaps nothing of itself.
    row.postprocess_host_before_wait_us = 5;
    p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->graphedMs == Approx(0.01 + 0.42 + 0.6));
    // A host chain longer than the GPU's: the GPU waits for the host, the longer chain counts.
    row.postprocess_host_before_wait_us = 550;
    p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->graphedMs == Approx(0.01 + (0.03 + 0.55) + 0.05));
}

TEST_CASE("The postprocess's kernels queued before its first wait run after the replay", "[advisor]") {
    // A GPU-heavy decode, as a detector's at batch 8: 0.5 ms of kernels launched in 0.3 ms before the
    // wait. They run after the replay, and the 0.1 ms that followed them in the eager step is added.
    const auto row = inferenceWithPostprocess(/*postGpuUs=*/500, /*beforeWaitUs=*/300);
    std::string why;
    const auto p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->graphedMs == Approx(0.01 + 0.42 + 0.5 + 0.1));
}
