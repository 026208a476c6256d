#include "AdvisorTestRows.h"
#include "advisor/SessionPredictions.h"

#include <catch2/catch.hpp>

using namespace graphlens::advisor;
using namespace graphlens::advisor::testing;
using graphlens::results::Measurement;
using Catch::Detail::Approx;

namespace {

Measurement graphedTwin(const Measurement& eager, double medianMs) {
    Measurement m = eager;
    m.arm = "graphed";
    m.step_ms_median = medianMs;
    return m;
}

}  // namespace

TEST_CASE("The session pass predicts from the eager row and scores the graphed row", "[advisor]") {
    const auto eager = launchBoundInference();
    std::vector<Measurement> rows{eager, graphedTwin(eager, 0.5)};
    CHECK(addPredictions(rows, calibration()) == 1);
    REQUIRE(rows[0].predicted_graphed_ms);
    CHECK(*rows[0].predicted_graphed_ms == Approx(0.56));
    CHECK_FALSE(rows[0].prediction_error_pct);  // the eager row was not predicted, it is the input
    REQUIRE(rows[1].predicted_graphed_ms);
    CHECK(*rows[1].predicted_graphed_ms == *rows[0].predicted_graphed_ms);
    REQUIRE(rows[1].prediction_error_pct);
    CHECK(*rows[1].prediction_error_pct == Approx(100.0 * (0.56 - 0.5) / 0.5));
    CHECK(rows[1].advice == rows[0].advice);
    // Terms add up to the prediction.
    CHECK(*rows[0].predicted_eager_rest_ms + *rows[0].predicted_region_gpu_ms + *rows[0].predicted_replay_gaps_ms +
              *rows[0].predicted_replay_host_ms ==
          Approx(*rows[0].predicted_graphed_ms));
}

TEST_CASE("The session pass pairs rows by configuration, never across batch or scope", "[advisor]") {
    auto small = launchBoundInference();
    auto large = gpuBoundInference();
    std::vector<Measurement> rows{small, large, graphedTwin(large, 10.0), graphedTwin(small, 0.5)};
    addPredictions(rows, calibration());
    CHECK(*rows[2].predicted_graphed_ms == Approx(10.11));
    CHECK(*rows[3].predicted_graphed_ms == Approx(0.56));
    CHECK(*rows[2].prediction_error_pct == Approx(1.1));
}

TEST_CASE("Rows without a prediction say why, profiled rows and failed rows are left alone", "[advisor]") {
    auto eager = launchBoundInference();
    auto profiled = eager;
    profiled.pass = "profiled";
    auto failed = gpuBoundInference();
    failed.status = "oom";
    std::vector<Measurement> rows{eager, graphedTwin(eager, 0.5), profiled, failed};
    CHECK(addPredictions(rows, std::nullopt) == 0);
    CHECK(rows[0].advice == "no prediction: the device's replay calibration is missing");
    CHECK(rows[1].advice == rows[0].advice);
    CHECK_FALSE(rows[0].predicted_graphed_ms);
    CHECK(rows[2].advice.empty());
    CHECK(rows[3].advice.empty());
    // Run again with a calibration: the old reason is replaced, not appended to.
    CHECK(addPredictions(rows, calibration()) == 1);
    CHECK(rows[0].advice.rfind("launch-bound", 0) == 0);
}

TEST_CASE("An advise session (eager rows only) gets predictions and no errors", "[advisor]") {
    std::vector<Measurement> rows{launchBoundInference(), trainingRow("network"), trainingRow("step")};
    CHECK(addPredictions(rows, calibration()) == 3);
    for (const auto& row : rows) {
        CHECK(row.predicted_speedup);
        CHECK_FALSE(row.prediction_error_pct);
    }
}

TEST_CASE("A configuration whose graphs were refused gets no prediction, and says why", "[advisor]") {
    const auto eager = trainingRow("step");
    auto refused = graphedTwin(eager, 0);
    refused.step_ms_median.reset();
    refused.status = "refused";
    refused.message = "training graph scope step refused for yolo-t (declared: network)";
    std::vector<Measurement> rows{eager, refused};
    CHECK(addPredictions(rows, calibration()) == 0);
    CHECK_FALSE(rows[0].predicted_graphed_ms);
    CHECK(rows[0].advice == "no prediction: graphs refused (training graph scope step refused for yolo-t (declared: network))");
    CHECK(rows[1].advice == rows[0].advice);
}
