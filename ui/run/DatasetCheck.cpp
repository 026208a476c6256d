#include "ui/run/DatasetCheck.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTimer>

namespace graphlens::ui {

DatasetCheck::DatasetCheck(QObject* parent) : QObject(parent) {}

DatasetCheckOutcome DatasetCheck::parse(const QByteArray& json) {
    DatasetCheckOutcome outcome;
    QJsonParseError parseError;
    const auto document = QJsonDocument::fromJson(json.trimmed(), &parseError);
    if (!document.isObject()) {
        outcome.error = tr("the engine's dataset check printed no result (%1)").arg(parseError.errorString());
        return outcome;
    }
    const auto object = document.object();
    outcome.ok = object.value(QStringLiteral("ok")).toBool();
    outcome.error = object.value(QStringLiteral("error")).toString();
    outcome.task = object.value(QStringLiteral("task")).toString();
    outcome.classes = object.value(QStringLiteral("classes")).toInt();
    outcome.summary = object.value(QStringLiteral("summary")).toString();
    for (const auto& warning : object.value(QStringLiteral("warnings")).toArray()) outcome.warnings << warning.toString();
    if (!outcome.ok && outcome.error.isEmpty()) outcome.error = tr("the dataset check failed without saying why");
    return outcome;
}

void DatasetCheck::cancel() {
    if (!m_process) return;
    auto* process = m_process;
    m_process = nullptr;  // its signals are ignored from here on
    process->disconnect(this);
    process->kill();
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
}

void DatasetCheck::start(const QString& executable, const QString& data) {
    cancel();
    if (!QFileInfo(executable).isExecutable()) {
        DatasetCheckOutcome outcome;
        outcome.error = tr("cannot check the dataset: engine not found: %1").arg(executable);
        emit finished(outcome);
        return;
    }
    m_process = new QProcess(this);
    auto* process = m_process;
    auto finish = [this, process](DatasetCheckOutcome outcome) {
        if (m_process != process) return;  // replaced, cancelled, or reported already
        m_process = nullptr;
        process->deleteLater();
        emit finished(outcome);
    };
    connect(process, &QProcess::finished, this, [process, finish](int code, QProcess::ExitStatus status) {
        if (status != QProcess::NormalExit) {
            DatasetCheckOutcome outcome;
            outcome.error = tr("the dataset check did not finish (killed after %1 s, or crashed)").arg(kTimeoutMs / 1000);
            finish(outcome);
            return;
        }
        auto outcome = parse(process->readAllStandardOutput());
        if (code != 0 && code != 2 && outcome.ok) outcome = {false, {}, 0, {}, {}, tr("the dataset check failed (exit code %1)").arg(code)};
        finish(outcome);
    });
    connect(process, &QProcess::errorOccurred, this, [process, finish](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return;
        DatasetCheckOutcome outcome;
        outcome.error = tr("cannot run %1: %2").arg(process->program(), process->errorString());
        finish(outcome);
    });
    QTimer::singleShot(kTimeoutMs, process, [process] { process->kill(); });
    process->start(executable, {QStringLiteral("data-check"), QStringLiteral("--json"), data});
}

}  // namespace graphlens::ui
