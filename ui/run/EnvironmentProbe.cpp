#include "ui/run/EnvironmentProbe.h"

#include "ui/UiLogging.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

namespace graphlens::ui {

EnvironmentProbe::EnvironmentProbe(QObject* parent) : QObject(parent) {}

void EnvironmentProbe::start(const QString& executable) {
    if (m_process) return;
    if (!QFileInfo(executable).isExecutable()) {
        emit failed(tr("Engine not found: %1").arg(executable));
        return;
    }
    m_process = new QProcess(this);
    auto* process = m_process;
    auto finish = [this, process](const QString& failure) {
        if (m_process != process) return;  // error and finished can both fire: report once
        m_process = nullptr;
        process->deleteLater();
        if (!failure.isEmpty()) {
            qCWarning(lcUiSweep) << failure;
            emit failed(failure);
            return;
        }
        QJsonParseError error;
        const auto document = QJsonDocument::fromJson(process->readAllStandardOutput(), &error);
        if (!document.isObject()) {
            emit failed(tr("Cannot read the environment from %1: %2")
                            .arg(process->program(), error.error != QJsonParseError::NoError ? error.errorString()
                                                                                             : tr("not a JSON object")));
            return;
        }
        emit probed(document.object());
    };
    connect(process, &QProcess::finished, this, [process, finish](int code, QProcess::ExitStatus status) {
        finish(status == QProcess::NormalExit && code == 0
                   ? QString()
                   : tr("`%1 env --json` failed (exit code %2)").arg(process->program()).arg(code));
    });
    connect(process, &QProcess::errorOccurred, this, [process, finish](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) finish(tr("Cannot run %1: %2").arg(process->program(), process->errorString()));
    });
    // env loads libtorch and asks the driver: seconds at most; a hung engine must not keep a process.
    QTimer::singleShot(30000, process, [process] { process->kill(); });
    process->start(executable, {QStringLiteral("env"), QStringLiteral("--json")});
}

}  // namespace graphlens::ui
