#include "ui/run/WorkerExecutable.h"

#include <QCoreApplication>
#include <QDir>

namespace graphlens::ui {

QString defaultWorkerExecutable() {
    const QString fromEnv = qEnvironmentVariable("GRAPHLENS_WORKER");
    if (!fromEnv.isEmpty()) return fromEnv;
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("graphlens-cli.exe");
#else
    const QString name = QStringLiteral("graphlens-cli");
#endif
    return QDir(QCoreApplication::applicationDirPath()).filePath(name);
}

}  // namespace graphlens::ui
