// Help ▸ About This Run shows the environment and method of the session shown; the first-run text
// points at the example sessions (docs/h200 in a source tree, share/graphlens/examples installed).
#include "FakeWorker.h"
#include "TestRows.h"
#include "results/WorkerProtocol.h"
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/run/WorkerClient.h"
#include "ui/report/AboutRunDialog.h"
#include "ui/session/ExampleSessions.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using graphlens::ui::MainWindow;

TEST_CASE("About This Run states the environment and method of the session shown", "[ui][window][about]") {
    MainWindow window;
    REQUIRE(window.openFile(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json")));
    auto* action = window.findChild<QAction*>(QStringLiteral("actionAboutRun"));
    REQUIRE(action);
    action->trigger();
    auto* dialog = window.findChild<graphlens::ui::AboutRunDialog*>(QStringLiteral("aboutRunDialog"));
    REQUIRE(dialog);
    CHECK(dialog->isVisible());
    const QString text = dialog->text();
    CHECK(text.contains(QStringLiteral("NVIDIA H200")));
    CHECK(text.contains(QStringLiteral("Environment")));
    CHECK(text.contains(QStringLiteral("Method")));
    CHECK(text.contains(QStringLiteral("warm-up")));  // the method paragraph on steps and warm-up
    CHECK(text.contains(QStringLiteral("rounds")));
    // The clocks sampled while the steps were timed, for inference and for training.
    CHECK(text.contains(QStringLiteral("SM clock, timed pass (MHz)")));
    CHECK(text.contains(QStringLiteral("Memory clock, timed pass (MHz)")));
    CHECK(text.contains(QStringLiteral("SM clock, timed training pass (MHz)")));
    CHECK(text.contains(QStringLiteral("median 1980 (min 1980, max 1980)")));
    CHECK(text.contains(QStringLiteral("median 3201 (min 3201, max 3201)")));
    dialog->close();
}

TEST_CASE("About This Run shows the clocks of a sweep run in the window", "[ui][window][about][worker]") {
    namespace results = graphlens::results;
    // hello has no clocks (they are sampled while timing); done brings the session's environment.
    const nlohmann::json hello{{"device", "NVIDIA H200"}, {"libtorch", "2.11.0"}};
    auto final = hello;
    final["timed_pass_clocks"] = {{"samples", 40},
                                  {"sm_clock_mhz", {{"min", 1965}, {"median", 1980.0}, {"max", 1980}}},
                                  {"mem_clock_mhz", {{"min", 3201}, {"median", 3201.0}, {"max", 3201}}}};
    graphlens::ui::test::FakeWorker fake({results::encodeWorkerEvent(results::helloEvent("0.1.0", hello)),
                                          results::encodeWorkerEvent(results::measurementEvent(graphlens::ui::test::eagerRow(1, 1.5))),
                                          results::encodeWorkerEvent(results::doneEvent(true, 1, {}, final))},
                                         QStringLiteral("exit 0"));
    MainWindow window;
    window.worker()->setWorkerExecutable(fake.executable());
    window.worker()->setResultsDirectory(fake.resultsDirectory());
    window.startSweep(results::SweepPlan{});
    REQUIRE(QTest::qWaitFor([&] { return !window.worker()->isRunning(); }, 10000));
    REQUIRE(window.model()->rowCount() == 1);

    window.findChild<QAction*>(QStringLiteral("actionAboutRun"))->trigger();
    auto* dialog = window.findChild<graphlens::ui::AboutRunDialog*>(QStringLiteral("aboutRunDialog"));
    REQUIRE(dialog);
    const QString text = dialog->text();
    CHECK(text.contains(QStringLiteral("SM clock, timed pass (MHz)")));
    CHECK(text.contains(QStringLiteral("median 1980 (min 1965, max 1980)")));
    CHECK(text.contains(QStringLiteral("median 3201 (min 3201, max 3201)")));
    dialog->close();
}

TEST_CASE("the example sessions are found beside the program, installed or in a source tree", "[ui][window][empty]") {
    QTemporaryDir root;
    const QDir dir(root.path());
    REQUIRE(dir.mkpath(QStringLiteral("build/dev/bin")));
    const QString bin = dir.filePath(QStringLiteral("build/dev/bin"));
    CHECK(graphlens::ui::exampleSessionsFolder(bin).isEmpty());
    REQUIRE(dir.mkpath(QStringLiteral("docs/h200")));
    CHECK(graphlens::ui::exampleSessionsFolder(bin).isEmpty());  // a folder without sessions is not it
    QFile session(dir.filePath(QStringLiteral("docs/h200/2026-12-01-x-session.json")));
    REQUIRE(session.open(QIODevice::WriteOnly));
    session.close();
    CHECK(graphlens::ui::exampleSessionsFolder(bin) == QDir::cleanPath(dir.filePath(QStringLiteral("docs/h200"))));

    // The window of this build tree points at this source tree's docs/h200.
    MainWindow window;
    CHECK(window.emptyStateLabel()->text().contains(QStringLiteral("docs") + QDir::separator() + QStringLiteral("h200")));
}
