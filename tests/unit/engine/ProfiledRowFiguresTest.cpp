// The profiled row's per-phase columns, filled from a window's summary: each phase's figures land in
// its own columns, and the host time before the first wait is kept for the phases that stay eager
// beside a replay (loss, optimizer, postprocess), which the advisor's prediction reads.
#include "bench/ProfiledRowFigures.h"

#include <catch2/catch.hpp>

using graphlens::bench::fillFromMetrics;

namespace {

graphlens::profiler::ProfileResult windowWith(std::vector<graphlens::profiler::PhaseTiming> phases) {
    graphlens::profiler::ProfileResult result;
    result.metrics.emplace();
    result.metrics->summary.steps = 3;
    result.metrics->summary.phases = std::move(phases);
    return result;
}

}  // namespace

TEST_CASE("profiled row: each phase's host time before its first wait lands in that phase's column",
          "[bench][profiled]") {
    const auto result = windowWith({
        {"forward", 1, 900.0, 400.0, 120, 900.0},
        {"loss", 1, 250.0, 30.0, 12, 40.0},
        {"backward", 1, 1800.0, 700.0, 240, 1800.0},
        {"optimizer", 1, 120.0, 15.0, 7, 120.0},
    });
    graphlens::results::Measurement row;
    fillFromMetrics(row, result, {4.0, 4.2, 4.1});
    REQUIRE(row.loss_host_before_wait_us);
    CHECK(*row.loss_host_before_wait_us == 40.0);
    REQUIRE(row.optimizer_host_before_wait_us);
    CHECK(*row.optimizer_host_before_wait_us == 120.0);
    CHECK(*row.loss_wall_us == 250.0);
    CHECK(*row.loss_gpu_us == 30.0);
    CHECK(*row.optimizer_kernels == 7.0);
    // A training step has no postprocess: its column stays absent rather than zero.
    CHECK_FALSE(row.postprocess_host_before_wait_us);
}

TEST_CASE("profiled row: an inference window fills the postprocess's wait and leaves the training ones absent",
          "[bench][profiled]") {
    const auto result = windowWith({
        {"data", 1, 30.0, 10.0, 2, 5.0},
        {"forward", 1, 700.0, 300.0, 90, 700.0},
        {"postprocess", 1, 400.0, 80.0, 20, 310.0},
    });
    graphlens::results::Measurement row;
    fillFromMetrics(row, result, {1.0});
    REQUIRE(row.postprocess_host_before_wait_us);
    CHECK(*row.postprocess_host_before_wait_us == 310.0);
    CHECK_FALSE(row.loss_host_before_wait_us);
    CHECK_FALSE(row.optimizer_host_before_wait_us);
}
