#include "ui/session/RunMarker.h"

#include "platform/ProcessControl.h"
#include "results/Session.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSysInfo>

namespace graphlens::ui {

QString RunMarker::pathFor(const QString& autosavePath) { return autosavePath + QStringLiteral(".running"); }

RunMarker::Owner RunMarker::thisProcess() { return Owner{QCoreApplication::applicationPid(), QSysInfo::machineHostName()}; }

bool RunMarker::write(const QString& autosavePath, const Owner& owner) {
    QSaveFile file(pathFor(autosavePath));
    if (!file.open(QIODevice::WriteOnly)) return false;
    const QJsonObject object{{QStringLiteral("pid"), owner.pid},
                             {QStringLiteral("host"), owner.host},
                             {QStringLiteral("started"), QString::fromStdString(results::utcTimestampNow())}};
    file.write(QJsonDocument(object).toJson(QJsonDocument::Compact));
    return file.commit();
}

std::optional<RunMarker::Owner> RunMarker::read(const QString& autosavePath) {
    QFile file(pathFor(autosavePath));
    if (!file.exists()) return std::nullopt;
    if (!file.open(QIODevice::ReadOnly)) return Owner{};
    const auto object = QJsonDocument::fromJson(file.readAll()).object();
    return Owner{qint64(object.value(QStringLiteral("pid")).toDouble()), object.value(QStringLiteral("host")).toString()};
}

bool RunMarker::remove(const QString& autosavePath) {
    const QString path = pathFor(autosavePath);
    return !QFile::exists(path) || QFile::remove(path);
}

bool RunMarker::isAlive(const Owner& owner) {
    if (owner.pid <= 0) return false;
    if (!owner.host.isEmpty() && owner.host != QSysInfo::machineHostName()) return true;
    if (owner.pid == QCoreApplication::applicationPid()) return true;
    return platform::processExists(owner.pid);
}

}  // namespace graphlens::ui
