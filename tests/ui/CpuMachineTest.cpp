// Review defects on a machine without a CUDA device and around a run: the first window says graphs
// need one (probed with `env --json` before any sweep) and adapts fp16 and profiling; the Timeline
// drops the previous session's trace when a run starts and says why a CPU run has none; a CPU run's
// "no speedup" sentences are merged and the summary card keeps its height while rows stream in; the
// speedups on screen say which they are; the model box shows task, parameters and graph support.
#include "FakeWorker.h"
#include "TestRows.h"
#include "results/WorkerProtocol.h"
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/SummaryCard.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/run/FamilyCatalog.h"
#include "ui/run/FamilyListDelegate.h"
#include "ui/run/SweepPanel.h"
#include "ui/run/WorkerClient.h"
#include "ui/timeline/TimelineAbsence.h"
#include "ui/timeline/TimelinePanel.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

namespace results = graphlens::results;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

const char* kFixtures = GRAPHLENS_UI_FIXTURE_DIR;

// An engine answering `env --json` as graphlens-cli does on a CPU machine and `list --json` with two
// families (one with training scopes, one from an older engine without them).
QString cpuEngine(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("cpu-engine.sh"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"(#!/bin/sh
if [ "$1" = env ]; then echo '{"device":"cpu","cuda_available":false,"libtorch":"2.11.0"}'; exit 0; fi
if [ "$1" = list ]; then echo '[{"name":"resnet18","task":"classify","imgsz":224,"params":11689512,"inference":"whole","training":"step","training_scopes":["network","step"]},{"name":"yolo-t","task":"detect","imgsz":640,"params":2500000,"inference":"whole","training":"network"}]'; exit 0; fi
exit 2
)");
    file.close();
    file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    return path;
}

// The rows of a CPU run: every graphed arm skipped, as SweepRunner and TrainingSweepRunner mark them.
std::vector<results::Measurement> cpuRun() {
    std::vector<results::Measurement> rows;
    for (const std::string phase : {"infer", "train"}) {
        for (int batch : {1, 8, 32}) {
            auto eager = eagerRow(batch, 10.0 * batch);
            auto graphed = graphedRow(batch, 0, 1);
            for (auto* row : {&eager, &graphed}) {
                row->phase = phase;
                row->device = "cpu";
                row->precision = "fp32";
                if (phase == "train") row->scope = "network";
            }
            graphed.status = "skipped";
            graphed.speedup.reset();
            graphed.step_ms_median.reset();
            graphed.message = "CUDA graphs need a CUDA device; this run is on the CPU";
            rows.push_back(eager);
            rows.push_back(graphed);
        }
    }
    return rows;
}

struct WorkerFromEnvironment {  // GRAPHLENS_WORKER for windows made in this scope
    explicit WorkerFromEnvironment(const QString& executable) { qputenv("GRAPHLENS_WORKER", executable.toUtf8()); }
    ~WorkerFromEnvironment() { qunsetenv("GRAPHLENS_WORKER"); }
};

}  // namespace

TEST_CASE("a first window on a CPU machine says graphs need a CUDA device and adapts fp16 and profiling",
          "[ui][window][empty][cpu]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const WorkerFromEnvironment engine(cpuEngine(dir));
    MainWindow window;
    auto* precision = window.sweepPanel()->findChild<QComboBox*>(QStringLiteral("precision"));
    auto* profile = window.sweepPanel()->findChild<QCheckBox*>(QStringLiteral("profile"));
    REQUIRE(precision);
    REQUIRE(profile);
    precision->setCurrentText(QStringLiteral("fp16"));  // the default preset's
    profile->setChecked(true);
    // No sweep has run: the probe alone tells the window.
    REQUIRE(QTest::qWaitFor([&] { return window.emptyStateLabel()->text().contains(QStringLiteral("CUDA graphs need a CUDA device")); }, 10000));
    CHECK(window.sweepPanel()->plan().precision == "fp32");
    CHECK_FALSE(window.sweepPanel()->plan().profile);
    auto* note = window.sweepPanel()->findChild<QLabel*>(QStringLiteral("deviceNote"));
    REQUIRE(note);
    CHECK(note->isVisibleTo(window.sweepPanel()));
    CHECK(note->text().contains(QStringLiteral("fp32 instead of fp16")));
    CHECK(note->text().contains(QStringLiteral("no CUPTI pass")));
}

TEST_CASE("why the Timeline is empty: running, profiling off, or a CPU run with profiling on", "[ui][timeline][cpu]") {
    CHECK(whyNoTimeline({false, true, false}).isEmpty());  // the how-to then
    CHECK(whyNoTimeline({true, true, false}).contains(QStringLiteral("appear here when it ends")));
    CHECK(whyNoTimeline({false, false, false}).contains(QStringLiteral("profiling off")));
    const QString cpu = whyNoTimeline({false, true, true});
    CHECK(cpu.contains(QStringLiteral("CPU")));
    CHECK_FALSE(cpu.contains(QStringLiteral("with profiling on")));
    CHECK(whyNoTimeline({true, false, true}).contains(QStringLiteral("runs on the CPU")));
}

TEST_CASE("a run clears the previous session's timeline, and a CPU run's says why it has none", "[ui][window][timeline][cpu]") {
    std::vector<std::string> events{results::encodeWorkerEvent(results::helloEvent(
        "0.1.0", {{"device", "cpu"}, {"cuda_available", false}, {"libtorch", "2.11.0"}}))};
    for (const auto& row : cpuRun()) events.push_back(results::encodeWorkerEvent(results::measurementEvent(row)));
    // The rows, then a pause in which the run is still going, then the end.
    FakeWorker fake(events, QStringLiteral("sleep 1; exit 0"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    REQUIRE(window.openFile(QString::fromLatin1(kFixtures) + QStringLiteral("/yolo-t-h200-b1-session.json")));
    REQUIRE(window.timelinePanel()->hasTrace());

    results::SweepPlan plan;
    plan.family = "resnet18";
    plan.profile = true;  // asked for; the CPU cannot give it
    window.startSweep(plan);
    REQUIRE(QTest::qWaitFor([&] { return window.model()->rowCount() == 12; }, 5000));
    CHECK(window.worker()->isRunning());
    CHECK_FALSE(window.timelinePanel()->hasTrace());  // the H200 trace is not this run's
    REQUIRE(QTest::qWaitFor([&] { return !window.worker()->isRunning(); }, 5000));
    const QString empty = window.timelinePanel()->emptyStateLabel()->text();
    CHECK(empty.contains(QStringLiteral("ran on the CPU")));
    CHECK_FALSE(empty.contains(QStringLiteral("Run a sweep with profiling on")));
}

TEST_CASE("a CPU run's summary is one sentence with the batches merged", "[ui][summary][cpu]") {
    const auto sentences = summarySentences(cpuRun());
    REQUIRE(sentences.size() == 1);
    const QString& only = sentences.front();
    CHECK(only.contains(QStringLiteral("resnet18 inference steps and resnet18 training steps (network scope)")));
    CHECK(only.contains(QStringLiteral("skipped at batches 1, 8 and 32 (CUDA graphs need a CUDA device")));
    CHECK(only.count(QStringLiteral("CUDA graphs need")) == 1);
    // Different figures stay apart.
    CHECK(summarySentences(threeBatchSweep()).size() == 1);
}

TEST_CASE("the summary card keeps its height while a run streams rows in", "[ui][summary][cpu]") {
    MeasurementTableModel model;
    SummaryCardWidget card;
    card.setModel(&model);
    card.resize(900, card.height());
    card.show();
    card.setRunning(true);
    const int held = card.height();
    const auto rows = cpuRun();
    auto training = twoScopeTraining();
    for (auto& row : training) row.message = "a long message that makes a long sentence, repeated for width";
    for (const auto& row : rows) {
        model.appendRow(row);
        card.redrawIfPending();
        CHECK(card.height() == held);
    }
    for (const auto& row : training) {
        model.appendRow(row);
        card.redrawIfPending();
        CHECK(card.height() == held);
    }
    card.setRunning(false);
    CHECK(card.height() <= held);  // fits its text, never above the cap
}

TEST_CASE("the card says which speedup it quotes and the timeline says its ratio is one profiled step", "[ui][summary][timeline]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());
    SummaryCardWidget card;
    card.setModel(&model);
    CHECK(card.text().contains(QStringLiteral("median step time of the timed (unprofiled) steps")));
    CHECK(SummaryCardWidget::speedupNote(summarySentences(cpuRun())).isEmpty());  // no figure, no note

    TimelinePanel panel;
    QString error;
    REQUIRE(panel.loadTraceFile(QString::fromLatin1(kFixtures) + QStringLiteral("/yolo-t-h200-b1-session.trace.json"), &error));
    CHECK(panel.comparisonLabel()->text().startsWith(QStringLiteral("One profiled step at batch 1")));
    CHECK(panel.comparisonLabel()->text().contains(QStringLiteral("faster in this step")));
}

TEST_CASE("the model box shows task, parameters and graph support, training scopes included", "[ui][sweep][families]") {
    QString error;
    const auto families = FamilyCatalog::parse(
        R"([{"name":"resnet18","task":"classify","imgsz":224,"params":11689512,"inference":"whole","training":"step","training_scopes":["network","step"]},
            {"name":"old","task":"detect","inference":"seam","training":"network"}])",
        &error);
    REQUIRE(families.size() == 2);
    CHECK(families[0].trainingScopes == QStringList{QStringLiteral("network"), QStringLiteral("step")});
    CHECK(families[0].details() ==
          QStringLiteral("classify · 224 px · 11.7 M params · graphs: inference whole, training network + step"));
    CHECK(families[1].details() == QStringLiteral("detect · graphs: inference seam, training network"));
    FamilyEntry tiny;
    tiny.params = 12345;
    CHECK(tiny.details() == QStringLiteral("12.3 k params"));  // not "0.0 M"

    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    SweepPanel panel;
    panel.loadFamilies(cpuEngine(dir));
    auto* model = panel.findChild<QComboBox*>(QStringLiteral("model"));
    REQUIRE(model);
    REQUIRE(QTest::qWaitFor([&] { return model->count() == 2; }, 5000));
    model->setCurrentIndex(model->findText(QStringLiteral("resnet18")));
    auto* details = panel.findChild<QLabel*>(QStringLiteral("familyDetails"));
    REQUIRE(details);
    CHECK(details->isVisibleTo(&panel));
    CHECK(details->text().contains(QStringLiteral("11.7 M params")));
    CHECK(details->text().contains(QStringLiteral("training network + step")));
    CHECK(panel.plan().family == "resnet18");  // the box keeps the bare name
    // The open list draws each family's details beside its name.
    auto* delegate = qobject_cast<FamilyListDelegate*>(model->itemDelegate());
    REQUIRE(delegate);
    CHECK(delegate->detailsFor(QStringLiteral("yolo-t")).contains(QStringLiteral("detect · 640 px")));
    CHECK(model->view()->sizeHintForColumn(0) > model->fontMetrics().horizontalAdvance(QStringLiteral("detect · 640 px")));
}
