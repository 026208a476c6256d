// Help ▸ About This Run shows the environment and method of the session shown; the first-run text
// points at the example sessions (docs/h200 in a source tree, share/graphlens/examples installed).
#include "ui/MainWindow.h"
#include "ui/report/AboutRunDialog.h"
#include "ui/session/ExampleSessions.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
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
