// Training in the network scope when the profile says where the loss and the optimizer first wait for
// the GPU: the eager phases' host work runs while a replay is still on the GPU, unless they wait for
// it. The rows are AdvisorTestRows' made-up training row (2 us gap, 10 us per replay); each expected
// value is worked out by hand in the comments, on the host's and the GPU's clocks, in ms.
#include "AdvisorTestRows.h"
#include "advisor/GraphedStepPrediction.h"

#include <catch2/catch.hpp>

using namespace graphlens::advisor;
using namespace graphlens::advisor::testing;
using Catch::Detail::Approx;

namespace {

// The training row with its profiled host times (data 0.15, loss 0.25, optimizer 0.4 ms) and the
// host time of the loss and the optimizer before their first wait.
graphlens::results::Measurement networkRowWithWaits(double lossBeforeWaitUs, double optimizerBeforeWaitUs) {
    auto m = trainingRow("network");
    m.data_wall_us = 150;
    m.loss_wall_us = 250;
    m.optimizer_wall_us = 400;
    m.loss_host_before_wait_us = lossBeforeWaitUs;
    m.optimizer_host_before_wait_us = optimizerBeforeWaitUs;
    return m;
}

}  // namespace

TEST_CASE("Network scope: a loss and an optimizer that never wait run while the replays are on the GPU",
          "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(networkRowWithWaits(250, 400), calibration(), &why);
    REQUIRE(p);
    // data: host 0.15, GPU 0.15. Forward replay: host 0.16, GPU 0.16 + 0.5 + 60 x 0.002 = 0.78.
    // Loss: host 0.41, GPU 0.80. Its backward (0.3 - 0.02 on the host): host 0.69. Backward replay:
    // host 0.70, GPU 0.80 + 1.0 + 120 x 0.002 = 2.04. Optimizer: host 1.10, GPU 2.14. The step: 2.14.
    CHECK(p->graphedMs == Approx(2.14));
    CHECK(p->eagerRestMs == Approx(2.14 - 1.5 - 0.36 - 0.02));
    // The rule without the waits puts the whole rest in series: 1.0 + 0.28 + 1.88 = 3.16 ms.
    CHECK(p->graphedMs < 3.16 - 1.0);
}

TEST_CASE("Network scope: a loss that waits for the GPU waits for the forward replay too", "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(networkRowWithWaits(50, 400), calibration(), &why);
    REQUIRE(p);
    // Up to the forward replay as above (host 0.16, GPU 0.78). Loss: 0.05 on the host (0.21), its
    // kernels end at 0.80, the host waits until 0.80, then 0.3 - max(0.05, 0.02) = 0.25 after the wait:
    // host 1.05. Its backward: 1.33. Backward replay: host 1.34, GPU 1.34 + 1.24 = 2.58. Optimizer:
    // host 1.74, GPU 2.68. The step: 2.68.
    CHECK(p->graphedMs == Approx(2.68));
}

TEST_CASE("Network scope: an optimizer that waits pays for the backward replay on the host", "[advisor]") {
    std::string why;
    const auto p = predictGraphedStep(networkRowWithWaits(250, 100), calibration(), &why);
    REQUIRE(p);
    // Up to the backward replay as in the first case (host 0.70, GPU 2.04). Optimizer: 0.1 on the host
    // (0.80), its kernels end at 2.14, the host waits until 2.14, then 0.5 - max(0.1, 0.1) = 0.4: 2.54.
    CHECK(p->graphedMs == Approx(2.54));
}

TEST_CASE("Network scope without the wait figures (an older session) keeps the rule in series", "[advisor]") {
    std::string why;
    auto row = networkRowWithWaits(250, 400);
    row.optimizer_host_before_wait_us.reset();
    const auto p = predictGraphedStep(row, calibration(), &why);
    REQUIRE(p);
    CHECK(p->graphedMs == Approx(1.28 + 1.5 + 0.36 + 0.02));
    // A seam split replays a part nested inside forward and backward: the timeline does not apply.
    auto seam = networkRowWithWaits(250, 400);
    seam.captured_ms = 5.0;
    seam.captured_gpu_us = 1200;
    seam.captured_kernels = 150;
    const auto q = predictGraphedStep(seam, calibration(), &why);
    REQUIRE(q);
    CHECK(q->region.name == "the captured part of forward and backward");
    CHECK(q->graphedMs > 2.14);
}
