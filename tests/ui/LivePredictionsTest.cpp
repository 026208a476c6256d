// The advisor's prediction on rows the window holds: rows streamed from a worker (timed first, then
// profiled) get it once an environment with the device's replay calibration arrives, from the model
// alone and through SweepRun's wiring of a fake worker's final environment; a saved session whose rows
// lack it gets it when opened. All figures below are made up (round numbers, worked out by hand as in
// tests/unit/advisor/AdvisorTestRows.h), never measurements.
#include "FakeWorker.h"
#include "results/Session.h"
#include "results/WorkerProtocol.h"
#include "ui/MainWindow.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/run/WorkerClient.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;
using Catch::Detail::Approx;

namespace {

results::Measurement timedRow(const char* arm, double medianMs) {
    results::Measurement m;
    m.session_id = "made-up";
    m.family = "resnet18";
    m.task = "classify";
    m.phase = "infer";
    m.batch = 1;
    m.imgsz = 224;
    m.precision = "fp16";
    m.scope = "step";
    m.arm = arm;
    m.pass = "timed";
    m.status = "ok";
    m.device = "synthetic (made up)";
    m.step_ms_median = medianMs;
    return m;
}

// Made up: a launch-bound step, 2.2 ms eager (2.0 of it forward on the host), 0.5 ms graphed.
results::Measurement timedEager() {
    auto m = timedRow("eager", 2.2);
    m.data_ms = 0.05;
    m.forward_ms = 2.0;
    m.postprocess_ms = 0.1;
    return m;
}

results::Measurement timedGraphed() {
    auto m = timedRow("graphed", 0.5);
    m.speedup = 2.2 / 0.5;
    return m;
}

// The profiled pass brings what the timed pass cannot know: forward's 50 kernels busy the GPU 0.3 ms.
results::Measurement profiled(const char* arm) {
    auto m = timedRow(arm, 0.9);
    m.pass = "profiled";
    m.forward_gpu_us = 300;
    m.forward_kernels = 50;
    return m;
}

// In the order the worker streams them: the timed pass, then the profiled one.
std::vector<results::Measurement> streamed() {
    return {timedEager(), timedGraphed(), profiled("eager"), profiled("graphed")};
}

// Made up: 2 us between kernels of a replay, 10 us of host work per replay. With the rows above the
// advisor predicts 0.56 ms for the graphed step (tests/unit/advisor/SessionPredictionsTest.cpp).
nlohmann::json calibratedEnvironment() {
    return {{"device", "synthetic (made up)"},
            {"replay_calibration", {{"gap_us_per_kernel", 2.0}, {"host_us_per_replay", 10.0}, {"device", "synthetic"}}}};
}
constexpr double kPredictedMs = 0.56;
constexpr double kErrorPct = 100.0 * (0.56 - 0.5) / 0.5;

const results::Measurement& rowOf(const std::vector<results::Measurement>& rows, const char* pass, const char* arm) {
    for (const auto& row : rows) {
        if (row.pass == pass && row.arm == arm) return row;
    }
    throw std::runtime_error("no such row");
}

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

int predictedPoints(SpeedupChartView* chart) {
    chart->redrawIfPending();
    int points = 0;
    for (auto* series : chart->chart()->series()) {
        if (series->name() == SpeedupChartView::predictedName()) points += int(qobject_cast<QLineSeries*>(series)->count());
    }
    return points;
}

}  // namespace

TEST_CASE("streamed rows get the advisor's prediction when a calibrated environment arrives", "[ui][model][advisor]") {
    MeasurementTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    for (const auto& row : streamed()) model.appendRow(row);
    CHECK_FALSE(rowOf(model.rows(), "timed", "graphed").predicted_graphed_ms);  // the stream carries none

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    REQUIRE(model.predictFrom(calibratedEnvironment()));
    CHECK(model.predicts());
    const auto& graphed = rowOf(model.rows(), "timed", "graphed");
    REQUIRE(graphed.predicted_graphed_ms);
    CHECK(*graphed.predicted_graphed_ms == Approx(kPredictedMs));
    REQUIRE(graphed.prediction_error_pct);
    CHECK(*graphed.prediction_error_pct == Approx(kErrorPct));
    const auto& eager = rowOf(model.rows(), "timed", "eager");
    REQUIRE(eager.predicted_graphed_ms);
    CHECK_FALSE(eager.prediction_error_pct);  // the eager row is the prediction's input, not scored
    CHECK_FALSE(rowOf(model.rows(), "profiled", "graphed").predicted_graphed_ms);
    // The views hear of it: the graphed row's error cell is inside a dataChanged range, and shows.
    const int graphedIndex = 1;
    bool covered = false;
    for (const auto& signal : changed) {
        const auto from = signal.at(0).toModelIndex();
        const auto to = signal.at(1).toModelIndex();
        covered |= from.row() <= graphedIndex && graphedIndex <= to.row() &&
                   from.column() <= MeasurementTableModel::PredictionErrorPct &&
                   MeasurementTableModel::PredictionErrorPct <= to.column();
    }
    CHECK(covered);
    CHECK(model.index(graphedIndex, MeasurementTableModel::PredictionErrorPct).data().toString() ==
          QStringLiteral("+12.0"));
}

TEST_CASE("an environment without a calibration changes no row", "[ui][model][advisor]") {
    MeasurementTableModel model;
    for (const auto& row : streamed()) model.appendRow(row);
    const auto before = model.rows();
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    CHECK_FALSE(model.predictFrom({{"device", "synthetic (made up)"}}));
    CHECK_FALSE(model.predictFrom({{"replay_calibration", {{"gap_us_per_kernel", "two"}}}}));  // unreadable
    CHECK_FALSE(model.predicts());
    CHECK(model.rows() == before);
    CHECK(changed.isEmpty());
    // Appending more rows still predicts nothing.
    model.appendRow(profiled("eager"));
    CHECK_FALSE(rowOf(model.rows(), "timed", "graphed").predicted_graphed_ms);
}

TEST_CASE("a calibration known before the rows predicts them as they arrive, and a reset forgets it",
          "[ui][model][advisor]") {
    MeasurementTableModel model;
    REQUIRE(model.predictFrom(nlohmann::json{{"version", "0.1.0"}, {"environment", calibratedEnvironment()}}));
    const auto rows = streamed();
    model.appendRow(rows[0]);
    model.appendRow(rows[1]);
    // Timed rows alone: the eager row lacks the profiled kernel figures, so no figure yet, and it says why.
    CHECK_FALSE(rowOf(model.rows(), "timed", "graphed").predicted_graphed_ms);
    CHECK_THAT(rowOf(model.rows(), "timed", "eager").advice, Catch::StartsWith("no prediction"));
    model.appendRow(rows[2]);
    model.appendRow(rows[3]);
    REQUIRE(rowOf(model.rows(), "timed", "graphed").prediction_error_pct);
    CHECK(*rowOf(model.rows(), "timed", "graphed").prediction_error_pct == Approx(kErrorPct));

    model.resetData(streamed());  // another session: its own environment decides
    CHECK_FALSE(model.predicts());
    CHECK_FALSE(rowOf(model.rows(), "timed", "graphed").predicted_graphed_ms);
}

TEST_CASE("rows the engine predicted stay as saved", "[ui][model][advisor]") {
    auto rows = streamed();
    rows[1].predicted_graphed_ms = 0.61;  // made up: what an older advisor wrote into the file
    rows[1].advice = "launch-bound: graphs help";
    MeasurementTableModel model;
    model.resetData(rows);
    CHECK_FALSE(model.predictFrom(calibratedEnvironment()));
    CHECK(*rowOf(model.rows(), "timed", "graphed").predicted_graphed_ms == Approx(0.61));
}

TEST_CASE("a sweep in the window shows predictions once the worker's final environment arrives",
          "[ui][window][worker][advisor]") {
    std::vector<std::string> events{
        results::encodeWorkerEvent(results::helloEvent("0.1.0", {{"device", "synthetic (made up)"}}))};
    for (const auto& row : streamed()) events.push_back(results::encodeWorkerEvent(results::measurementEvent(row)));
    events.push_back(results::encodeWorkerEvent(results::doneEvent(true, 4, {}, calibratedEnvironment())));
    test::FakeWorker fake(events, QStringLiteral("exit 0"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.startSweep(results::SweepPlan{});
    REQUIRE(QTest::qWaitFor([&] { return !window.worker()->isRunning(); }, 10000));
    REQUIRE(window.model()->rowCount() == 4);
    settle();

    // Without SweepRun handing the final environment to the model, these stay empty.
    const auto& graphed = rowOf(window.model()->rows(), "timed", "graphed");
    REQUIRE(graphed.predicted_graphed_ms);
    CHECK(*graphed.predicted_graphed_ms == Approx(kPredictedMs));
    REQUIRE(graphed.prediction_error_pct);
    CHECK(*graphed.prediction_error_pct == Approx(kErrorPct));
    CHECK(predictedPoints(window.speedupChart()) == 1);
    // The card redraws within one redraw interval of the change (RedrawSchedule).
    CHECK(QTest::qWaitFor([&] { return window.summaryCard()->text().contains(QStringLiteral("predicted")); }, 2000));
}

TEST_CASE("a session saved without predictions gets them when opened, from its calibration", "[ui][window][advisor]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::Session session;
    session.session_id = "made-up";
    session.environment = calibratedEnvironment();
    session.rows = streamed();
    const QString path = dir.filePath(QStringLiteral("unpredicted.json"));
    results::writeSession(path.toStdString(), session);

    MainWindow window;
    REQUIRE(window.openFile(path));
    const auto& graphed = rowOf(window.model()->rows(), "timed", "graphed");
    REQUIRE(graphed.prediction_error_pct);
    CHECK(*graphed.prediction_error_pct == Approx(kErrorPct));

    // The same rows without the calibration open as they are.
    session.environment = {{"device", "synthetic (made up)"}};
    const QString bare = dir.filePath(QStringLiteral("uncalibrated.json"));
    results::writeSession(bare.toStdString(), session);
    REQUIRE(window.openFile(bare));
    CHECK_FALSE(rowOf(window.model()->rows(), "timed", "graphed").predicted_graphed_ms);
}
