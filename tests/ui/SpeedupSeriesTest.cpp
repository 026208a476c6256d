#include "TestRows.h"
#include "ui/charts/SpeedupSeries.h"

#include <catch2/catch.hpp>

using namespace graphlens::ui;
using namespace graphlens::ui::test;

TEST_CASE("speedup curves take graphed ok timed rows with one curve per family and precision and phase", "[ui][chart]") {
    auto rows = threeBatchSweep();
    // Out of order, plus rows that must not appear: failed, profiled, and another precision.
    std::swap(rows[1], rows[5]);
    auto failed = graphedRow(64, 20, 0.5);
    failed.status = "error";
    auto profiled = graphedRow(8, 3, 0.9);
    profiled.pass = "profiled";
    auto fp32 = graphedRow(1, 1.0, 1.7);
    fp32.precision = "fp32";
    rows.insert(rows.end(), {failed, profiled, fp32});

    const auto curves = speedupCurves(rows);
    REQUIRE(curves.size() == 2);
    CHECK(curves[0].label() == "resnet18 · fp16 · infer");
    REQUIRE(curves[0].points.size() == 3);
    CHECK(curves[0].points[0].batch == 1);
    CHECK(curves[0].points[0].speedup == 2.1);
    CHECK(curves[0].points[1].batch == 8);
    CHECK(curves[0].points[1].speedup == 1.3);
    CHECK(curves[0].points[2].batch == 32);
    CHECK(curves[0].points[2].speedup == 1.05);
    CHECK(curves[0].points[0].ciLow == Approx(2.05));
    CHECK(curves[1].precision == "fp32");
    CHECK(curves[1].points.size() == 1);
}

TEST_CASE("step-time curves pair eager and graphed medians per batch", "[ui][chart]") {
    const auto curves = stepTimeCurves(threeBatchSweep());
    REQUIRE(curves.size() == 1);
    REQUIRE(curves[0].points.size() == 3);
    CHECK(curves[0].points[2].batch == 32);
    CHECK(curves[0].points[2].eagerMs == 9.812);
    CHECK(curves[0].points[2].graphedMs == 9.345);
}

TEST_CASE("training curves keep graph scopes apart: two scopes at one batch are two curves", "[ui][chart][training]") {
    // Inference rows first, then training rows of both graph scopes at the same batch.
    auto rows = threeBatchSweep();
    const auto training = twoScopeTraining();
    rows.insert(rows.end(), training.begin(), training.end());

    const auto curves = speedupCurves(rows);
    REQUIRE(curves.size() == 3);
    CHECK(curves[0].label() == "resnet18 · fp16 · infer");  // inference keeps its key and label
    CHECK(curves[0].points.size() == 3);
    CHECK(curves[1].label() == "resnet18 · amp-fp16 · train (network scope)");
    CHECK(curves[2].label() == "resnet18 · amp-fp16 · train (step scope)");
    REQUIRE(curves[1].points.size() == 1);
    REQUIRE(curves[2].points.size() == 1);
    CHECK(curves[1].points[0].batch == 8);
    CHECK(curves[1].points[0].speedup == *training[1].speedup);
    CHECK(curves[2].points[0].batch == 8);
    CHECK(curves[2].points[0].speedup == *training[3].speedup);

    const auto times = stepTimeCurves(rows);
    REQUIRE(times.size() == 3);
    CHECK(times[2].label() == "resnet18 · amp-fp16 · train (step scope)");
    REQUIRE(times[1].points.size() == 1);
    REQUIRE(times[2].points.size() == 1);
    CHECK(times[1].points[0].eagerMs == training[0].step_ms_median);
    CHECK(times[1].points[0].graphedMs == training[1].step_ms_median);
    CHECK(times[2].points[0].eagerMs == training[2].step_ms_median);
    CHECK(times[2].points[0].graphedMs == training[3].step_ms_median);
}

TEST_CASE("the network scope and channels_last are curves of their own, never points of the default one",
          "[ui][chart][training]") {
    // A network-scope or channels_last row at a batch is another measurement: it must not replace
    // the step-scope nchw point of the same family and precision.
    auto rows = threeBatchSweep();
    auto network = graphedRow(8, 2.0, 1.4);
    network.scope = "network";
    auto channelsLast = graphedRow(8, 2.0, 1.6);
    channelsLast.memory_format = "channels_last";
    rows.push_back(network);
    rows.push_back(channelsLast);
    const auto curves = speedupCurves(rows);
    REQUIRE(curves.size() == 3);
    CHECK(curves[0].label() == "resnet18 · fp16 · infer");
    CHECK(curves[0].points[1].speedup == 1.3);  // the step-scope nchw point stays
    CHECK(curves[1].label() == "resnet18 · fp16 · infer · network");
    CHECK(curves[1].points.front().speedup == 1.4);
    CHECK(curves[2].label() == "resnet18 · fp16 · infer · channels_last");
    CHECK(curves[2].holds(channelsLast));
    CHECK_FALSE(curves[0].holds(channelsLast));
    CHECK(stepTimeCurves(rows).size() == 3);
}
