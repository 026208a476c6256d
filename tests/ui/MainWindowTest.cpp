#include "FakeWorker.h"
#include "TestRows.h"
#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "results/WorkerProtocol.h"
#include "ui/MainWindow.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/run/SweepPanel.h"
#include "ui/run/WorkerClient.h"

#include <QChart>
#include <QFile>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QAction>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenuBar>
#include <QSignalSpy>
#include <catch2/catch.hpp>
#include <cerrno>
#include <csignal>
#include <memory>
#include <sys/types.h>
#include <tuple>

using graphlens::ui::MainWindow;
using graphlens::ui::SpeedupChartView;
namespace results = graphlens::results;
using namespace graphlens::ui::test;

namespace {

QLineSeries* seriesNamed(QChart* chart, const QString& name) {
    const auto all = chart->series();
    for (auto* series : all) {
        if (series->name() == name) return qobject_cast<QLineSeries*>(series);
    }
    return nullptr;
}

std::string path(const QTemporaryDir& dir, const char* name) { return dir.filePath(QLatin1String(name)).toStdString(); }

QString messageBoxText(const MainWindow& window) {
    const auto boxes = window.findChildren<QMessageBox*>();
    return boxes.isEmpty() ? QString() : boxes.back()->text() + QLatin1Char('\n') + boxes.back()->informativeText();
}

}  // namespace

TEST_CASE("main window opens a CSV into the table and the speedup chart", "[ui][window]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::writeCsv(path(dir, "sweep.csv"), threeBatchSweep());

    MainWindow window;
    REQUIRE(window.openFile(dir.filePath(QStringLiteral("sweep.csv"))));
    CHECK(window.model()->rowCount() == 6);
    CHECK(window.currentFile().endsWith(QStringLiteral("sweep.csv")));
    CHECK(window.windowTitle().contains(QStringLiteral("sweep.csv")));
    CHECK(window.environmentText().contains(QStringLiteral("NVIDIA H200")));

    auto* chart = window.speedupChart()->chart();
    auto* curve = seriesNamed(chart, QStringLiteral("speedup"));
    REQUIRE(curve != nullptr);
    const auto points = curve->points();
    REQUIRE(points.size() == 3);
    CHECK(points[0] == QPointF(1, 2.1));
    CHECK(points[1] == QPointF(8, 1.3));
    CHECK(points[2] == QPointF(32, 1.05));

    // The dashed "no gain" reference sits at y = 1 across the plot.
    auto* reference = seriesNamed(chart, SpeedupChartView::referenceSeriesName());
    REQUIRE(reference != nullptr);
    CHECK(reference->pen().style() == Qt::DashLine);
    for (const auto& p : reference->points()) CHECK(p.y() == 1.0);

    // y axis starts at 0; x axis is log base 2.
    const auto vertical = chart->axes(Qt::Vertical);
    REQUIRE(vertical.size() == 1);
    CHECK(qobject_cast<QValueAxis*>(vertical.front())->min() == 0.0);
    const auto horizontal = chart->axes(Qt::Horizontal);
    REQUIRE(horizontal.size() == 1);
    auto* logAxis = qobject_cast<QLogValueAxis*>(horizontal.front());
    REQUIRE(logAxis != nullptr);
    CHECK(logAxis->base() == 2.0);

    // The step-time chart pairs eager and graphed medians.
    auto* eager = seriesNamed(window.stepTimeChart()->inferencePanel(), QStringLiteral("eager"));
    REQUIRE(eager != nullptr);
    CHECK(eager->points().size() == 3);
    CHECK(eager->points()[2] == QPointF(32, 9.812));
}

TEST_CASE("opening a malformed file names it and keeps the previous rows", "[ui][window]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::writeCsv(path(dir, "good.csv"), threeBatchSweep());
    {
        QFile bad(dir.filePath(QStringLiteral("broken-session.json")));
        REQUIRE(bad.open(QIODevice::WriteOnly));
        bad.write("{\"format\": \"graphlens-session\", \"rows\": [");
    }
    {
        QFile bad(dir.filePath(QStringLiteral("bad-number.csv")));
        REQUIRE(bad.open(QIODevice::WriteOnly));
        bad.write("family,batch,arm\nresnet18,eight,eager\n");
    }

    MainWindow window;
    REQUIRE(window.openFile(dir.filePath(QStringLiteral("good.csv"))));
    const auto before = window.model()->rows();

    for (const char* name : {"broken-session.json", "bad-number.csv", "missing.csv", "notes.txt"}) {
        INFO(name);
        CHECK_FALSE(window.openFile(dir.filePath(QLatin1String(name))));
        CHECK(window.lastError().contains(QLatin1String(name)));
        CHECK(messageBoxText(window).contains(QLatin1String(name)));
        CHECK(window.model()->rows() == before);
        CHECK(window.currentFile().endsWith(QStringLiteral("good.csv")));
    }
    CHECK(seriesNamed(window.speedupChart()->chart(), QStringLiteral("speedup"))->points().size() == 3);
}

TEST_CASE("save session and export CSV write what the table shows", "[ui][window]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::writeCsv(path(dir, "in.csv"), threeBatchSweep());
    MainWindow window;
    REQUIRE(window.openFile(dir.filePath(QStringLiteral("in.csv"))));

    REQUIRE(window.saveSession(dir.filePath(QStringLiteral("out.json"))));
    const auto session = results::readSession(path(dir, "out.json"));
    CHECK(session.rows == threeBatchSweep());
    CHECK(session.session_id == "20261129-071728-4f2a");
    CHECK(window.windowTitle().contains(QStringLiteral("out.json")));

    REQUIRE(window.exportCsv(dir.filePath(QStringLiteral("out.csv"))));
    CHECK(results::readCsv(path(dir, "out.csv")) == threeBatchSweep());

    CHECK_FALSE(window.exportCsv(dir.filePath(QStringLiteral("no-such-dir/out.csv"))));
    CHECK(window.lastError().contains(QStringLiteral("out.csv")));

    // The saved session opens again with the same rows.
    MainWindow other;
    REQUIRE(other.openFile(dir.filePath(QStringLiteral("out.json"))));
    CHECK(other.model()->rows() == threeBatchSweep());
}

TEST_CASE("a sweep streams rows into the window and Cancel kills the worker and keeps them", "[ui][window][worker]") {
    const auto rows = threeBatchSweep();
    FakeWorker fake({results::encodeWorkerEvent(results::helloEvent("0.1.0", {{"gpu", "NVIDIA H200"}, {"cuda", "13.0"}})),
                     results::encodeWorkerEvent(results::progressEvent(1, 6, "resnet18 b1 eager", 12.0)),
                     results::encodeWorkerEvent(results::measurementEvent(rows[0])),
                     results::encodeWorkerEvent(results::measurementEvent(rows[1]))},
                    QStringLiteral("exec sleep 30"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    window.show();

    QPushButton* startButton = nullptr;
    QPushButton* cancelButton = nullptr;
    const auto buttons = window.sweepPanel()->findChildren<QPushButton*>();
    for (auto* button : buttons) {
        if (button->text() == QStringLiteral("Start sweep")) startButton = button;
        if (button->text() == QStringLiteral("Cancel")) cancelButton = button;
    }
    REQUIRE(startButton != nullptr);
    REQUIRE(cancelButton != nullptr);
    CHECK_FALSE(cancelButton->isEnabled());

    startButton->click();
    CHECK(window.worker()->isRunning());
    CHECK(cancelButton->isEnabled());
    CHECK_FALSE(startButton->isEnabled());
    REQUIRE(QTest::qWaitFor([&] { return window.model()->rowCount() == 2; }, 5000));
    // The shown chart follows the stream within one redraw interval (RedrawSchedule), not per row.
    CHECK(QTest::qWaitFor([&] { return window.speedupChart()->curves().size() == 1; }, 1000));
    CHECK(window.environmentText().contains(QStringLiteral("NVIDIA H200")));

    cancelButton->click();
    CHECK_FALSE(window.worker()->isRunning());
    CHECK(window.model()->rowCount() == 2);
    CHECK(startButton->isEnabled());
    CHECK(window.currentFile().endsWith(QStringLiteral(".jsonl")));
}

namespace {

QAction* windowAction(const MainWindow& window, const char* name) {
    return window.findChild<QAction*>(QLatin1String(name));
}

void showActive(MainWindow& window) {
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
}

}  // namespace

TEST_CASE("window shortcuts fire while a text field has focus", "[ui][window][shortcuts]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::writeCsv(path(dir, "in.csv"), threeBatchSweep());
    MainWindow window;
    REQUIRE(window.openFile(dir.filePath(QStringLiteral("in.csv"))));
    REQUIRE(window.saveSession(dir.filePath(QStringLiteral("session.json"))));
    QFile::remove(dir.filePath(QStringLiteral("session.json")));
    showActive(window);

    auto* batches = window.sweepPanel()->findChild<QLineEdit*>(QStringLiteral("batches"));
    REQUIRE(batches != nullptr);
    batches->setFocus();
    REQUIRE(QTest::qWaitFor([&] { return batches->hasFocus(); }, 2000));

    // Ctrl+S saves to the session file shown, even from the line edit (which takes Ctrl+S/E itself
    // through ShortcutOverride unless the window says otherwise).
    QTest::keyClick(batches, Qt::Key_S, Qt::ControlModifier);
    CHECK(QFile::exists(dir.filePath(QStringLiteral("session.json"))));

    // The others open dialogs: check the action fires, with its dialog slot taken off.
    for (const auto& [name, key, modifiers] :
         {std::tuple{"actionExportCsv", Qt::Key_E, Qt::KeyboardModifiers(Qt::ControlModifier)},
          std::tuple{"actionSaveAs", Qt::Key_S, Qt::KeyboardModifiers(Qt::ControlModifier | Qt::ShiftModifier)},
          std::tuple{"actionOpen", Qt::Key_O, Qt::KeyboardModifiers(Qt::ControlModifier)}}) {
        INFO(name);
        auto* action = windowAction(window, name);
        REQUIRE(action != nullptr);
        QObject::disconnect(action, &QAction::triggered, nullptr, nullptr);
        QSignalSpy fired(action, &QAction::triggered);
        batches->setFocus();
        QTest::keyClick(batches, key, modifiers);
        CHECK(fired.count() == 1);
    }
    CHECK(batches->text() == QStringLiteral("1,8,32"));  // the keys did not edit the field
}

TEST_CASE("Ctrl+R runs the sweep and Esc cancels it from a focused text field", "[ui][window][shortcuts][worker]") {
    const auto rows = threeBatchSweep();
    FakeWorker fake({results::encodeWorkerEvent(results::measurementEvent(rows[0]))}, QStringLiteral("exec sleep 30"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    showActive(window);
    auto* batches = window.sweepPanel()->findChild<QLineEdit*>(QStringLiteral("batches"));
    REQUIRE(batches != nullptr);
    batches->setFocus();
    REQUIRE(QTest::qWaitFor([&] { return batches->hasFocus(); }, 2000));

    QTest::keyClick(batches, Qt::Key_R, Qt::ControlModifier);
    REQUIRE(window.worker()->isRunning());
    REQUIRE(QTest::qWaitFor([&] { return window.model()->rowCount() == 1; }, 5000));
    const qint64 pid = window.worker()->lastProcessId();

    window.menuBar()->setFocus();  // inputs are disabled while running; Esc goes to the window
    QTest::keyClick(window.menuBar(), Qt::Key_Escape);
    CHECK_FALSE(window.worker()->isRunning());
    CHECK(window.model()->rowCount() == 1);
    CHECK(QTest::qWaitFor([&] { return ::kill(pid_t(pid), 0) == -1 && errno == ESRCH; }, 1000));
}

TEST_CASE("Start with an invalid plan keeps the rows shown and says why", "[ui][window][sweep]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::writeCsv(path(dir, "in.csv"), threeBatchSweep());
    FakeWorker fake({}, QStringLiteral("exit 0"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    REQUIRE(window.openFile(dir.filePath(QStringLiteral("in.csv"))));

    // An input the panel flags: Start is disabled and nothing is cleared.
    auto* batches = window.sweepPanel()->findChild<QLineEdit*>(QStringLiteral("batches"));
    REQUIRE(batches != nullptr);
    batches->setText(QStringLiteral("1,zero"));
    CHECK_FALSE(window.sweepPanel()->fieldError(QStringLiteral("batches")).isEmpty());
    window.sweepPanel()->requestStart();
    CHECK(window.model()->rowCount() == 6);

    // A plan that reaches startSweep invalid anyway is refused before the table is touched.
    results::SweepPlan bad;
    bad.batches.clear();
    window.startSweep(bad);
    CHECK_FALSE(window.worker()->isRunning());
    CHECK(window.model()->rowCount() == 6);
    CHECK(window.currentFile().endsWith(QStringLiteral("in.csv")));

    // A worker that cannot start is refused as well: the rows stay.
    window.worker()->setWorkerExecutable(dir.filePath(QStringLiteral("no-such-worker")));
    results::SweepPlan good;
    window.startSweep(good);
    QTest::qWait(50);
    CHECK(window.model()->rowCount() == 6);
}

TEST_CASE("Cancel and close return at once while the worker hangs, and the worker is gone within a second",
          "[ui][window][worker]") {
    FakeWorker fake({}, QStringLiteral("trap '' TERM; exec sleep 30"));
    for (const bool closeWindow : {false, true}) {
        INFO((closeWindow ? "close" : "cancel"));
        auto window = std::make_unique<MainWindow>();
        window->worker()->setWorkerExecutable(fake.executable());
        window->worker()->setResultsDirectory(fake.resultsDirectory());
        window->show();
        window->startSweep(results::SweepPlan{});
        REQUIRE(window->worker()->isRunning());
        const qint64 pid = window->worker()->lastProcessId();
        QTest::qWait(100);  // the script is now in sleep

        QElapsedTimer timer;
        timer.start();
        if (closeWindow) {
            window->close();
            window.reset();
        } else {
            window->worker()->cancel();
        }
        // Far below the 2-3 s a wait on the process took; loose enough for a loaded 2-core CI machine
        // (closing also tears down the charts and the summary card).
        CHECK(timer.elapsed() < 500);
        if (!closeWindow) CHECK_FALSE(window->worker()->isRunning());
        CHECK(QTest::qWaitFor([&] { return ::kill(pid_t(pid), 0) == -1 && errno == ESRCH; }, 1000));
    }
}

TEST_CASE("the speedup chart of an opened CPU session says why it is empty", "[ui][window]") {
    auto skipped = threeBatchSweep();
    for (auto& row : skipped) {
        row.device = "cpu";
        row.precision = "fp32";
        if (row.arm == "graphed") {
            row.status = "skipped";
            row.message = "CUDA graphs need a CUDA device";
        }
    }
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    results::writeCsv(path(dir, "cpu.csv"), skipped);
    MainWindow window;
    REQUIRE(window.openFile(dir.filePath(QStringLiteral("cpu.csv"))));
    CHECK(window.speedupChart()->chart()->title().contains(QStringLiteral("CUDA graphs need a CUDA device")));
    // The status bar says what the rows are (fp32 here), not what the panel asks for.
    CHECK(window.environmentText().contains(QStringLiteral("rows fp32")));
}

TEST_CASE("a fresh window says what to do until rows are shown", "[ui][window][empty]") {
    MainWindow window;
    auto* empty = window.emptyStateLabel();
    REQUIRE(empty != nullptr);
    CHECK(empty->isVisibleTo(&window));
    CHECK(empty->text().contains(QStringLiteral("Start a sweep (Ctrl+R) or open a session (Ctrl+O)")));
    CHECK_FALSE(empty->text().contains(QStringLiteral("CUDA")));  // no worker has said otherwise

    REQUIRE(window.openFile(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json")));
    CHECK(window.model()->rowCount() > 0);
    CHECK_FALSE(empty->isVisibleTo(&window));
}

TEST_CASE("on a machine without a CUDA device the empty state says graphs need one", "[ui][window][empty][worker]") {
    FakeWorker fake({results::encodeWorkerEvent(results::helloEvent(
                        "0.1.0", {{"device", "cpu"}, {"cuda_available", false}, {"libtorch", "2.11.0"}}))},
                    QStringLiteral("exit 0"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    window.startSweep(results::SweepPlan{});
    REQUIRE(QTest::qWaitFor([&] { return !window.worker()->isRunning(); }, 5000));
    CHECK(window.model()->rowCount() == 0);
    auto* empty = window.emptyStateLabel();
    CHECK(empty->isVisibleTo(&window));
    CHECK(empty->text().contains(QStringLiteral("Start a sweep (Ctrl+R)")));
    CHECK(empty->text().contains(
        QStringLiteral("CUDA graphs need a CUDA device: this machine times the eager arm only")));
}

TEST_CASE("closing the window keeps the sweep panel's plan for the next one", "[ui][window][settings]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings settings(dir.filePath(QStringLiteral("graphlens.ini")), QSettings::IniFormat);
    {
        MainWindow window(nullptr, &settings);
        auto* batches = window.sweepPanel()->findChild<QLineEdit*>(QStringLiteral("batches"));
        REQUIRE(batches != nullptr);
        batches->setText(QStringLiteral("3,6"));
        window.close();
    }
    MainWindow next(nullptr, &settings);
    CHECK(next.sweepPanel()->plan().batches == std::vector<int>{3, 6});
}
