#include "ui/session/ExampleSessions.h"

#include <QDir>
#include <QFileInfo>

namespace graphlens::ui {

namespace {
bool holdsSessions(const QString& folder) {
    return QFileInfo(folder).isDir() && !QDir(folder).entryList({QStringLiteral("*session*.json")}, QDir::Files).isEmpty();
}
}  // namespace

QString exampleSessionsFolder(const QString& applicationDir) {
    const QDir app(applicationDir);
    if (const QString installed = app.absoluteFilePath(QStringLiteral("../share/graphlens/examples")); holdsSessions(installed)) {
        return QDir::cleanPath(installed);
    }
    QDir folder = app;
    for (int up = 0; up <= 4; ++up) {
        const QString candidate = folder.absoluteFilePath(QStringLiteral("docs/h200"));
        if (holdsSessions(candidate)) return QDir::cleanPath(candidate);
        if (!folder.cdUp()) break;
    }
    return {};
}

}  // namespace graphlens::ui
