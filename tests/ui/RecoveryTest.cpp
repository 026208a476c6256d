// Recovering interrupted runs (ui/session): a run is interrupted when the GUI that started it left
// its RunMarker behind (it died mid-run); its autosave is offered at the next start with Open /
// Discard / Later. Scratch folders stand in for ~/.local/share/graphlens/sessions.
#include "FakeWorker.h"
#include "TestRows.h"
#include "results/JsonlAutosave.h"
#include "results/WorkerProtocol.h"
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/InterruptedRunFolder.h"
#include "ui/session/RecoveryBar.h"
#include "ui/session/RecoveryOffers.h"
#include "ui/session/RunMarker.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

std::vector<results::Measurement> interruptedRows() {
    auto rows = threeBatchSweep();
    rows.resize(3);  // eager 1, graphed 1, eager 8: the kill came during graphed 8
    auto other = eagerRow(1, 0.9);
    other.family = "mobilenet_v3_small";
    rows.push_back(other);
    return rows;
}

// Rows as the worker appends them, then (optionally) half a row: the worker killed mid-write.
QString writeAutosave(const QTemporaryDir& dir, const QString& name, const std::vector<results::Measurement>& rows,
                      bool cutShort) {
    const QString path = dir.filePath(name);
    {
        results::JsonlAutosave autosave(path.toStdString());
        for (const auto& row : rows) autosave.append(row);
    }
    if (cutShort) {
        QFile file(path);
        REQUIRE(file.open(QIODevice::Append));
        file.write(R"({"session_id":"20261129-071728-4f2a","family":"resnet18","phase":"infer","batch":8,"arm":"gra)");
    }
    return path;
}

// A process that has ended: the GUI that wrote the marker is gone.
RunMarker::Owner endedProcess() {
    QProcess process;
    process.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 0")});
    REQUIRE(process.waitForStarted());
    const qint64 pid = process.processId();
    REQUIRE(process.waitForFinished());
    return RunMarker::Owner{pid, QSysInfo::machineHostName()};
}

struct ScratchFolder {
    QTemporaryDir dir;
    QString complete;     // a run the GUI saw end: no marker
    QString interrupted;  // marker of an ended process, last line cut short
    std::vector<results::Measurement> interruptedRows = ::interruptedRows();

    ScratchFolder() {
        REQUIRE(dir.isValid());
        complete = writeAutosave(dir, QStringLiteral("20261128-101500-aaaa.jsonl"), threeBatchSweep(), false);
        interrupted = writeAutosave(dir, QStringLiteral("20261129-071728-4f2a.jsonl"), interruptedRows, true);
        REQUIRE(RunMarker::write(interrupted, endedProcess()));
    }
};

RecoveryBar* onlyBar(const RecoveryOffers& offers) {
    const auto bars = offers.bars();
    REQUIRE(bars.size() == 1);
    return bars.front();
}

}  // namespace

TEST_CASE("the scan offers exactly the autosave whose GUI died mid-run", "[recovery]") {
    ScratchFolder scratch;
    // A run still going in a window of this very process: its marker's owner is alive.
    const auto live = writeAutosave(scratch.dir, QStringLiteral("20261129-090000-bbbb.jsonl"), threeBatchSweep(), false);
    REQUIRE(RunMarker::write(live, RunMarker::thisProcess()));
    // A GUI that died before the first row was whole: nothing to recover.
    const auto empty = writeAutosave(scratch.dir, QStringLiteral("20261129-091000-cccc.jsonl"), {}, true);
    REQUIRE(RunMarker::write(empty, endedProcess()));

    const auto runs = InterruptedRunFolder(scratch.dir.path()).scan();
    REQUIRE(runs.size() == 1);
    const auto& run = runs.front();
    CHECK(QFileInfo(run.autosavePath) == QFileInfo(scratch.interrupted));
    CHECK(run.rows == int(scratch.interruptedRows.size()));
    CHECK(run.skippedLines == 1);
    CHECK(run.families == QStringList{QStringLiteral("resnet18"), QStringLiteral("mobilenet_v3_small")});
    CHECK(run.lastWritten == QFileInfo(scratch.interrupted).lastModified());

    const QString text = RecoveryBar::describe(run);
    CHECK(text.startsWith(QStringLiteral("An interrupted run from ")));
    CHECK(text.contains(QStringLiteral("(4 rows, resnet18, mobilenet_v3_small) can be recovered")));
}

TEST_CASE("Open shows the rows before the damaged last line and says it skipped it", "[recovery][window]") {
    ScratchFolder scratch;
    MainWindow window;
    window.show();
    RecoveryOffers offers(&window, window.shownSession(), window.findChild<QAction*>(QStringLiteral("actionOpen")),
                          scratch.dir.path());
    offers.showOffers(offers.folder().scan());
    auto* bar = onlyBar(offers);
    CHECK(bar->isVisible());
    CHECK(bar->openButton()->accessibleName() == QStringLiteral("Open the interrupted run"));
    CHECK(bar->discardButton()->accessibleName() == QStringLiteral("Discard the interrupted run"));

    // As File ▸ Open: not while a sweep streams rows into the window.
    auto* openAction = window.findChild<QAction*>(QStringLiteral("actionOpen"));
    REQUIRE(openAction != nullptr);
    openAction->setEnabled(false);
    CHECK_FALSE(bar->openButton()->isEnabled());
    openAction->setEnabled(true);
    REQUIRE(bar->openButton()->isEnabled());

    bar->openButton()->click();
    CHECK(window.model()->rows() == scratch.interruptedRows);
    CHECK(QFileInfo(window.currentFile()) == QFileInfo(scratch.interrupted));
    CHECK(bar->text().contains(QStringLiteral("Recovered 4 rows")));
    CHECK(bar->text().contains(QStringLiteral("damaged line")));
    CHECK(bar->closeButton()->isVisible());
    CHECK_FALSE(bar->openButton()->isVisible());

    // Recovered: kept on disk, no longer offered.
    CHECK(QFile::exists(scratch.interrupted));
    CHECK(offers.folder().scan().empty());
    bar->closeButton()->click();
    CHECK(offers.bars().isEmpty());
}

TEST_CASE("Discard moves the autosave aside and the next scan no longer finds it and Later keeps it", "[recovery][window]") {
    ScratchFolder scratch;
    MainWindow window;
    RecoveryOffers offers(&window, window.shownSession(), window.findChild<QAction*>(QStringLiteral("actionOpen")),
                          scratch.dir.path());

    SECTION("Later") {
        offers.showOffers(offers.folder().scan());
        onlyBar(offers)->laterButton()->click();
        CHECK(offers.bars().isEmpty());
        CHECK(offers.folder().scan().size() == 1);  // asked again next start
        CHECK(window.model()->rowCount() == 0);
    }
    SECTION("Discard") {
        QFile original(scratch.interrupted);
        REQUIRE(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        original.close();

        offers.showOffers(offers.folder().scan());
        onlyBar(offers)->discardButton()->click();
        CHECK(offers.bars().isEmpty());
        CHECK(offers.folder().scan().empty());
        CHECK_FALSE(QFile::exists(scratch.interrupted));
        CHECK_FALSE(QFile::exists(RunMarker::pathFor(scratch.interrupted)));
        // Moved, not deleted: the same bytes in the discarded folder.
        QFile moved(QDir(offers.folder().discardedFolder()).filePath(QFileInfo(scratch.interrupted).fileName()));
        REQUIRE(moved.open(QIODevice::ReadOnly));
        CHECK(moved.readAll() == bytes);
        CHECK(QFile::exists(scratch.complete));  // the finished run is left alone
        CHECK(window.model()->rowCount() == 0);
    }
}

TEST_CASE("at start the scan runs off the GUI thread and then offers", "[recovery][window]") {
    ScratchFolder scratch;
    MainWindow window;
    window.show();
    RecoveryOffers offers(&window, window.shownSession(), window.findChild<QAction*>(QStringLiteral("actionOpen")),
                          scratch.dir.path());
    QSignalSpy finished(&offers, &RecoveryOffers::scanFinished);
    offers.start();
    REQUIRE(finished.wait(10000));
    CHECK(finished.at(0).at(0).toInt() == 1);
    CHECK(onlyBar(offers)->run().rows == 4);
}

TEST_CASE("the window marks its run while it goes and drops the mark when it sees it end", "[recovery][window][worker]") {
    const auto rows = threeBatchSweep();
    const auto line = [](const results::WorkerEvent& event) { return results::encodeWorkerEvent(event); };

    SECTION("cancelled") {
        FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object())),
                         line(results::measurementEvent(rows[0]))},
                        QStringLiteral("exec sleep 30"));
        MainWindow window;
        window.worker()->setWorkerExecutable(fake.executable());
        window.worker()->setResultsDirectory(fake.resultsDirectory());
        window.startSweep(results::SweepPlan{});
        REQUIRE(QTest::qWaitFor([&] { return window.model()->rowCount() == 1; }, 5000));
        const QString autosave = window.worker()->autosavePath();
        const auto owner = RunMarker::read(autosave);
        REQUIRE(owner.has_value());
        CHECK(owner->pid == QCoreApplication::applicationPid());
        CHECK(RunMarker::isAlive(*owner));
        window.worker()->cancel();
        CHECK_FALSE(RunMarker::read(autosave).has_value());
    }
    SECTION("finished") {
        FakeWorker fake({line(results::helloEvent("0.1.0", nlohmann::json::object())),
                         line(results::measurementEvent(rows[0])), line(results::doneEvent(true, 1, {}))},
                        QStringLiteral("exit 0"));
        MainWindow window;
        window.worker()->setWorkerExecutable(fake.executable());
        window.worker()->setResultsDirectory(fake.resultsDirectory());
        QSignalSpy finished(window.worker(), &WorkerClient::finished);
        QSignalSpy started(window.worker(), &WorkerClient::started);
        // Connected after the window's own keeper: the marker is there once the worker has started.
        bool markedWhileRunning = false;
        QObject::connect(window.worker(), &WorkerClient::started, &window, [&](const QString& autosave) {
            markedWhileRunning = RunMarker::read(autosave).has_value();
        });
        window.startSweep(results::SweepPlan{});
        REQUIRE(QTest::qWaitFor([&] { return finished.count() == 1; }, 5000));
        REQUIRE(started.count() == 1);
        CHECK(finished.at(0).at(0).toBool());
        CHECK(markedWhileRunning);
        CHECK_FALSE(RunMarker::read(window.worker()->autosavePath()).has_value());
        CHECK(InterruptedRunFolder(fake.resultsDirectory()).scan().empty());
    }
}
