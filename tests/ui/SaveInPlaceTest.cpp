// Ctrl+S never writes over an example session or a read-only one: it asks where to save a copy
// (Save As) and leaves the file as it was (ui/session/SaveInPlace).
#include "ui/MainWindow.h"
#include "ui/session/SaveInPlace.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <catch2/catch.hpp>

using namespace graphlens::ui;

namespace {

const QString kFixture = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");

QString copyInto(const QString& folder, const QString& name) {
    const QString path = QDir(folder).filePath(name);
    REQUIRE(QFile::copy(kFixture, path));
    REQUIRE(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));  // the fixture may be read-only
    return path;
}

QByteArray bytesOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

TEST_CASE("save in place: a writable session may be saved over, an example or read-only one may not", "[ui][window][save]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString examples = dir.filePath(QStringLiteral("examples"));
    REQUIRE(QDir().mkpath(examples));
    const QString example = copyInto(examples, QStringLiteral("h200-session.json"));
    const QString mine = copyInto(dir.path(), QStringLiteral("mine.json"));

    CHECK(whyNotSaveInPlace(mine, examples).isEmpty());
    CHECK(whyNotSaveInPlace(mine, QString()).isEmpty());
    CHECK(whyNotSaveInPlace(dir.filePath(QStringLiteral("new.json")), examples).isEmpty());
    CHECK(whyNotSaveInPlace(example, examples) == QStringLiteral("h200-session.json is an example session: save a copy elsewhere"));
    // Through another spelling of the same folder too.
    CHECK_FALSE(whyNotSaveInPlace(example, examples + QStringLiteral("/../examples")).isEmpty());

    REQUIRE(QFile::setPermissions(mine, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    CHECK(whyNotSaveInPlace(mine, examples) == QStringLiteral("mine.json is read-only: save a copy elsewhere"));
    REQUIRE(QFile::setPermissions(mine, QFile::ReadOwner | QFile::WriteOwner));

    const QString locked = dir.filePath(QStringLiteral("locked"));
    REQUIRE(QDir().mkpath(locked));
    const QString inLocked = copyInto(locked, QStringLiteral("s.json"));
    REQUIRE(QFile::setPermissions(locked, QFile::ReadOwner | QFile::ExeOwner));
    CHECK(whyNotSaveInPlace(inLocked, examples) == QStringLiteral("s.json is in a read-only folder: save a copy elsewhere"));
    REQUIRE(QFile::setPermissions(locked, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

TEST_CASE("Ctrl+S on a read-only session asks where to save and leaves the file alone", "[ui][window][save]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = copyInto(dir.path(), QStringLiteral("readonly-session.json"));
    const QByteArray before = bytesOf(path);
    MainWindow window;
    REQUIRE(window.openFile(path));
    REQUIRE(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));

    // The Save As dialog is modal: note its title and close it, as a user choosing Cancel would.
    QString dialogTitle;
    QTimer closer;
    closer.setInterval(50);
    QObject::connect(&closer, &QTimer::timeout, [&] {
        if (auto* dialog = QApplication::activeModalWidget()) {
            dialogTitle = dialog->windowTitle();
            dialog->close();
        }
    });
    closer.start();
    auto* save = window.findChild<QAction*>(QStringLiteral("actionSave"));
    REQUIRE(save);
    save->trigger();
    closer.stop();

    CHECK(dialogTitle == QStringLiteral("Save session"));
    CHECK(window.statusBar()->currentMessage() == QStringLiteral("readonly-session.json is read-only: save a copy elsewhere"));
    CHECK(bytesOf(path) == before);
    CHECK(window.currentFile() == path);

    // Writable again: Ctrl+S saves in place, without a dialog.
    REQUIRE(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
    dialogTitle.clear();
    closer.start();
    save->trigger();
    closer.stop();
    CHECK(dialogTitle.isEmpty());
    CHECK(QFile::exists(path));
}
