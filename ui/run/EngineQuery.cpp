#include "ui/run/EngineQuery.h"

#include "ui/UiLogging.h"

#include <QFileInfo>
#include <QProcess>
#include <QTimer>

namespace graphlens::ui {

EngineQuery::EngineQuery(QObject* parent) : QObject(parent) {}

void EngineQuery::start(const QString& executable, const QStringList& arguments, int timeoutMs) {
    if (m_process) return;
    if (!QFileInfo(executable).isExecutable()) {
        // Checked first so the message names the file instead of a generic "process failed".
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
        emit answered(process->readAllStandardOutput(), process->program());
    };
    connect(process, &QProcess::finished, this, [process, arguments, finish](int code, QProcess::ExitStatus status) {
        if (status == QProcess::NormalExit && code == 0) {
            finish({});
            return;
        }
        const auto stderrText = QString::fromUtf8(process->readAllStandardError()).trimmed();
        finish(tr("`%1 %2` failed (exit code %3)%4")
                   .arg(process->program(), arguments.join(QLatin1Char(' ')))
                   .arg(code)
                   .arg(stderrText.isEmpty() ? QString() : QStringLiteral(": ") + stderrText));
    });
    connect(process, &QProcess::errorOccurred, this, [process, finish](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) finish(tr("Cannot run %1: %2").arg(process->program(), process->errorString()));
    });
    QTimer::singleShot(timeoutMs, process, [process] { process->kill(); });
    process->start(executable, arguments);
}

}  // namespace graphlens::ui
