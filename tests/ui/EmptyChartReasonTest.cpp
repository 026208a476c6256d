// A chart with nothing to draw says why, from the rows (ui/charts/EmptyChartReason): after a finished
// CPU run every empty chart names "CUDA graphs need a CUDA device", and with refused graphed rows the
// refusal reason, instead of a bare "no graphed rows yet".
#include "FakeWorker.h"
#include "TestRows.h"
#include "results/Session.h"
#include "results/WorkerProtocol.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/EmptyChartReason.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/ModelChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/charts/VramChartView.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/BaselineRatioChartView.h"

#include <QChart>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

const std::string kCpuReason = "CUDA graphs need a CUDA device; this run is on the CPU";
const std::string kRefusal = "graphed arm refused: parity check mismatch: output 0 differs from eager";

// A row of the same family, phase, batch, arm and pass that was not measured, as the engine marks
// one: only its identity, a status and why.
results::Measurement unmeasured(const results::Measurement& of, const std::string& status, const std::string& why) {
    results::Measurement row;
    row.session_id = of.session_id;
    row.family = of.family;
    row.task = of.task;
    row.phase = of.phase;
    row.batch = of.batch;
    row.imgsz = of.imgsz;
    row.precision = of.precision;
    row.memory_format = of.memory_format;
    row.scope = of.scope;
    row.arm = of.arm;
    row.pass = of.pass;
    row.device = of.device;
    row.status = status;
    row.message = why;
    return row;
}

// What a sweep on a machine without a CUDA device produces: timed eager rows in fp32 on the CPU
// (no device memory, no profiled or phase pass here), and graphed rows skipped with the engine's message.
std::vector<results::Measurement> cpuRunRows() {
    std::vector<results::Measurement> rows;
    for (const auto& measured : threeBatchSweep()) {
        auto row = eagerRow(measured.batch, measured.step_ms_median.value_or(1.0) * 20.0);
        row.device = "cpu";
        row.precision = "fp32";
        row.vram_peak_reserved_mb.reset();
        if (measured.arm == "graphed") {
            row.arm = "graphed";
            row = unmeasured(row, "skipped", kCpuReason);
        }
        rows.push_back(row);
    }
    return rows;
}

// The row charts of the window (the baseline's ratio chart says "no baseline set" for a reason of its own).
std::vector<ModelChartView*> rowCharts(QWidget* window) {
    std::vector<ModelChartView*> charts;
    for (auto* chart : window->findChildren<ModelChartView*>()) {
        if (qobject_cast<BaselineRatioChartView*>(chart)) continue;
        chart->redrawIfPending();
        charts.push_back(chart);
    }
    return charts;
}

// Every placeholder ("<title> — no …") names `reason`; returns how many charts showed one.
int checkPlaceholdersSay(const std::vector<ModelChartView*>& charts, const QString& reason) {
    int placeholders = 0;
    for (auto* chart : charts) {
        const QString title = chart->chart()->title();
        if (!title.contains(QStringLiteral(" — no "))) continue;
        ++placeholders;
        INFO(title.toStdString());
        CHECK(title.contains(reason));
    }
    return placeholders;
}

}  // namespace

TEST_CASE("the empty-chart reason comes from the rows' status and message", "[ui][chart][empty]") {
    const QString nothing = QStringLiteral("no speedup to show");
    const QString otherwise = QStringLiteral("no graphed rows to compare with eager");
    CHECK(EmptyChartReason::of({}, nothing, otherwise) == QStringLiteral("no rows yet"));
    CHECK(EmptyChartReason::of(threeBatchSweep(), nothing, otherwise) == otherwise);

    const auto cpu = cpuRunRows();
    CHECK(EmptyChartReason::of(cpu, nothing, otherwise) ==
          QStringLiteral("no speedup to show (skipped: CUDA graphs need a CUDA device; this run is on the CPU)"));

    auto refused = threeBatchSweep();
    for (auto& row : refused) {
        row.status = "refused";
        row.message = "refused: batch 32 does not fit";  // a message that already names its status
    }
    CHECK(EmptyChartReason::of(refused, nothing, otherwise) ==
          QStringLiteral("no speedup to show (refused: batch 32 does not fit)"));

    auto many = threeBatchSweep();
    for (size_t i = 0; i < many.size(); ++i) {
        many[i].status = "error";
        many[i].message = "failure " + std::to_string(i % 4);
    }
    CHECK(EmptyChartReason::of(many, nothing, otherwise) ==
          QStringLiteral("no speedup to show (error: failure 0; error: failure 1; 2 more)"));
}

TEST_CASE("after a finished CPU run every empty chart says CUDA graphs need a CUDA device", "[ui][chart][empty][worker]") {
    std::vector<std::string> lines{results::encodeWorkerEvent(results::helloEvent(
        "0.1.0", {{"device", "cpu"}, {"cuda_available", false}, {"libtorch", "2.11.0"}}))};
    const auto rows = cpuRunRows();
    for (const auto& row : rows) lines.push_back(results::encodeWorkerEvent(results::measurementEvent(row)));
    lines.push_back(results::encodeWorkerEvent(results::doneEvent(true, int(rows.size()), {})));
    FakeWorker fake(lines, QStringLiteral("exit 0"));

    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    window.startSweep(results::SweepPlan{});
    REQUIRE(QTest::qWaitFor([&] { return !window.worker()->isRunning(); }, 5000));
    REQUIRE(window.model()->rowCount() == int(rows.size()));

    const auto charts = rowCharts(&window);
    const QString reason = QString::fromStdString(kCpuReason);
    // Speedup, replays, VRAM, launch overhead and phases have nothing to draw from CPU rows.
    CHECK(checkPlaceholdersSay(charts, reason) == 5);
    auto* panel = window.findChild<ChartsPanel*>();
    REQUIRE(panel != nullptr);
    for (ModelChartView* chart : std::initializer_list<ModelChartView*>{
             panel->speedupChart(), panel->replaysChart(), panel->vramChart(), panel->launchOverheadChart(),
             panel->phasesChart()}) {
        INFO(chart->chart()->title().toStdString());
        CHECK(chart->chart()->title().contains(QStringLiteral("skipped: ") + reason));
    }
    // The eager arm was timed: the step-time chart draws it and has no placeholder.
    CHECK_FALSE(panel->stepTimeChart()->chart()->title().contains(QStringLiteral(" — no ")));
    CHECK_FALSE(panel->stepTimeChart()->curves().empty());
}

TEST_CASE("with refused graphed rows every empty chart gives the refusal reason", "[ui][chart][empty]") {
    auto session = results::readAnyResultsFile(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");
    for (auto& row : session.rows) {
        if (row.arm == "graphed") row = unmeasured(row, "refused", kRefusal);
    }
    MeasurementTableModel model;
    ChartsPanel panel;
    panel.setModel(&model);
    model.resetData(session.rows);

    const auto charts = rowCharts(&panel);
    const QString reason = QString::fromStdString(kRefusal);
    // The speedup and replays charts need graphed rows; the eager arm still fills the others.
    CHECK(checkPlaceholdersSay(charts, reason) >= 2);
    CHECK(panel.speedupChart()->chart()->title().contains(QStringLiteral("refused: ") + reason));
    CHECK(panel.replaysChart()->chart()->title().contains(QStringLiteral("refused: ") + reason));
    CHECK_FALSE(panel.vramChart()->curves().empty());
}

TEST_CASE("a diagnosed refusal gives a chart title what broke and where, not its whole message", "[charts]") {
    results::Measurement row;
    row.status = "refused";
    row.message = "refused: capture failed at aten::index in select (cudaStreamSynchronize refused during capture); "
                  "graph mode 'on' refused for nonzero_last: the parity check on load failed (capture error): ...";
    row.refusal_kind = "capture-failed";
    row.refusal_module = "select";
    CHECK(EmptyChartReason::of({row}, QStringLiteral("no speedup to show"), QStringLiteral("-")) ==
          QStringLiteral("no speedup to show (refused: capture-failed in select, see Why not graphed)"));
    row.refusal_module.clear();
    CHECK(EmptyChartReason::of({row}, QStringLiteral("no speedup to show"), QStringLiteral("-")) ==
          QStringLiteral("no speedup to show (refused: capture-failed, see Why not graphed)"));
}
