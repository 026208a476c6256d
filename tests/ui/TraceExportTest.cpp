// File ▸ Export Trace… and Save/Save As with a trace shown: the trace JSON is written through a
// temporary file renamed into place, beside a saved session as <name>.trace.json, so the session
// reopens with it; a failed write names the path and leaves no file.
#include "ui/MainWindow.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/timeline/TimelinePanel.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using graphlens::ui::MainWindow;

namespace {

QString fixture(const char* name) { return QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/") + QLatin1String(name); }

const QString kTraceFixture = fixture("synthetic-trace-format.json");
const QString kSessionFixture = fixture("resnet18-h200-session.json");

QByteArray bytesOf(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

// Everything in the folder, hidden files (a temporary file left behind) included.
QStringList entries(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

}  // namespace

TEST_CASE("File > Export Trace writes the shown trace, enabled only while there is one", "[ui][trace][export]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    auto* action = window.findChild<QAction*>(QStringLiteral("actionExportTrace"));
    REQUIRE(action != nullptr);
    CHECK_FALSE(action->isEnabled());
    CHECK_FALSE(window.exportTrace(dir.filePath(QStringLiteral("none.trace.json"))));
    CHECK(entries(dir).isEmpty());

    REQUIRE(window.openTraceFile(kTraceFixture));
    CHECK(action->isEnabled());
    const QString out = dir.filePath(QStringLiteral("exported.trace.json"));
    REQUIRE(window.exportTrace(out));
    CHECK(bytesOf(out) == bytesOf(kTraceFixture));
    CHECK(entries(dir) == QStringList{QStringLiteral("exported.trace.json")});  // no temporary file left

    // A session without a trace beside it clears the timeline, and the action with it.
    const QString alone = dir.filePath(QStringLiteral("alone.json"));
    REQUIRE(QFile::copy(kSessionFixture, alone));
    REQUIRE(window.openFile(alone));
    CHECK_FALSE(action->isEnabled());
}

TEST_CASE("a failed trace export names the path and leaves nothing", "[ui][trace][export]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // A folder that cannot exist (its parent is a file): unwritable even for root.
    QFile blocker(dir.filePath(QStringLiteral("plain-file")));
    REQUIRE(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    MainWindow window;
    REQUIRE(window.openTraceFile(kTraceFixture));
    const QString out = dir.filePath(QStringLiteral("plain-file/out.trace.json"));
    CHECK_FALSE(window.exportTrace(out));
    CHECK(window.lastError().contains(QDir::toNativeSeparators(out)));
    CHECK(entries(dir) == QStringList{QStringLiteral("plain-file")});
}

TEST_CASE("saving a session with a trace shown writes <name>.trace.json beside it, and it reopens with it",
          "[ui][trace][session]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString opened = dir.filePath(QStringLiteral("run.json"));
    REQUIRE(QFile::copy(kSessionFixture, opened));
    REQUIRE(QFile::copy(kTraceFixture, dir.filePath(QStringLiteral("run.trace.json"))));
    MainWindow window;
    REQUIRE(window.openFile(opened));
    REQUIRE(window.timelinePanel()->hasTrace());

    SECTION("Save As elsewhere copies the trace, and the copy is what the saved session opens with") {
        QTemporaryDir elsewhere;
        REQUIRE(elsewhere.isValid());
        const QString saved = elsewhere.filePath(QStringLiteral("kept.json"));
        REQUIRE(window.saveSession(saved));
        const QString trace = elsewhere.filePath(QStringLiteral("kept.trace.json"));
        CHECK(bytesOf(trace) == bytesOf(kTraceFixture));
        CHECK(entries(elsewhere) == (QStringList{QStringLiteral("kept.json"), QStringLiteral("kept.trace.json")}));

        // The original pair may go: the saved session stands on its own.
        REQUIRE(QFile::remove(dir.filePath(QStringLiteral("run.trace.json"))));
        MainWindow reopened;
        REQUIRE(reopened.openFile(saved));
        CHECK(reopened.model()->rowCount() == window.model()->rowCount());
        REQUIRE(reopened.timelinePanel()->hasTrace());
        CHECK(QFileInfo(reopened.timelinePanel()->traceFile()).canonicalFilePath() == QFileInfo(trace).canonicalFilePath());
    }
    SECTION("Save over the file it came from keeps its trace as it was") {
        REQUIRE(window.saveSession(opened));
        CHECK(bytesOf(dir.filePath(QStringLiteral("run.trace.json"))) == bytesOf(kTraceFixture));
        CHECK(entries(dir) == (QStringList{QStringLiteral("run.json"), QStringLiteral("run.trace.json")}));
    }
    SECTION("when the trace cannot be written, the error names it and no session is written either") {
        // A folder in the way of <name>.trace.json: the rename onto it fails.
        REQUIRE(QDir(dir.path()).mkdir(QStringLiteral("blocked.trace.json")));
        const QString saved = dir.filePath(QStringLiteral("blocked.json"));
        CHECK_FALSE(window.saveSession(saved));
        CHECK(window.lastError().contains(QDir::toNativeSeparators(dir.filePath(QStringLiteral("blocked.trace.json")))));
        CHECK_FALSE(QFileInfo::exists(saved));
        CHECK(entries(dir) ==
              (QStringList{QStringLiteral("blocked.trace.json"), QStringLiteral("run.json"), QStringLiteral("run.trace.json")}));
    }
}

TEST_CASE("saving a session without a trace shown writes the session alone", "[ui][trace][session]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    REQUIRE(window.openFile(kSessionFixture));
    REQUIRE_FALSE(window.timelinePanel()->hasTrace());
    REQUIRE(window.saveSession(dir.filePath(QStringLiteral("plain.json"))));
    CHECK(entries(dir) == QStringList{QStringLiteral("plain.json")});
}
