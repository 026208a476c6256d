#include "ui/SweepRun.h"

#include "ui/ResultsArea.h"
#include "ui/SessionDocument.h"
#include "ui/SessionFiles.h"
#include "ui/WindowMessages.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/EnvironmentSummary.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/run/EnvironmentProbe.h"
#include "ui/run/SweepPanel.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/RunMarkerKeeper.h"
#include "ui/timeline/TimelineAbsence.h"
#include "ui/timeline/TimelinePanel.h"

#include <QDir>
#include <QJsonDocument>

namespace graphlens::ui {
namespace {

nlohmann::json fromQJson(const QJsonObject& object) {
    return nlohmann::json::parse(QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString());
}

}  // namespace

SweepRun::SweepRun(WorkerClient* worker, SweepPanel* panel, SessionDocument* document,
                   MeasurementTableModel* model, ResultsArea* area, SessionFiles* files,
                   WindowMessages* messages, QObject* parent)
    : QObject(parent),
      m_worker(worker),
      m_panel(panel),
      m_document(document),
      m_model(model),
      m_area(area),
      m_files(files),
      m_messages(messages) {
    connectWorker();
}

void SweepRun::connectWorker() {
    new RunMarkerKeeper(m_worker,
                        this);  // marks the run in progress, so a crash mid-run is offered at the next start
    connect(m_worker, &WorkerClient::started, this, &SweepRun::onStarted);
    connect(m_worker, &WorkerClient::helloReceived, this, [this](const QJsonObject& hello) {
        // This machine's devices come from its worker, never from a file measured elsewhere.
        m_lacksCuda = environmentLacksCuda(hello);
        emit environmentReceived(hello);
        m_model->predictFrom(fromQJson(hello));  // a calibration known at hello predicts rows as they come
    });
    // The final fingerprint replaces hello's, for About This Run. It holds the replay calibration the
    // sweep measured, and the rows streamed in before the sweep predicted: the window predicts them.
    connect(m_worker, &WorkerClient::environmentReceived, this, [this](const QJsonObject& environment) {
        if (!m_document->sweepRunning()) return;
        emit environmentReceived(environment);
        m_model->predictFrom(fromQJson(environment));
    });
    connect(m_worker, &WorkerClient::progress, m_panel, &SweepPanel::setProgress);
    connect(m_worker, &WorkerClient::measurementReceived, this, [this](const results::Measurement& row) {
        m_document->adoptIdOf(row);
        m_model->appendRow(row);
    });
    connect(m_worker, &WorkerClient::logLine, m_messages, &WindowMessages::log);
    connect(m_worker, &WorkerClient::warningReceived, this, [this](const QString& text) {
        m_messages->log(tr("warning: %1").arg(text));
        m_messages->status(text, 10000);
    });
    connect(m_worker, &WorkerClient::failed, this, &SweepRun::onFailed);
    connect(m_worker, &WorkerClient::finished, this, &SweepRun::onFinished);
}

void SweepRun::start(const results::SweepPlan& plan) {
    if (m_worker->isRunning()) return;
    // Validate first: a plan that cannot run is reported and clears nothing.
    if (const auto error = results::validateSweepPlan(plan); !error.empty()) {
        onFailed(tr("Invalid sweep: %1").arg(QString::fromStdString(error)));
        return;
    }
    m_pendingPlan = plan;
    if (m_worker->start(plan) && m_worker->isRunning()) {
        // Inputs and Start are locked at once; the table is cleared only on started().
        m_panel->setRunning(true);
        emit runningChanged(true);
    }
}

void SweepRun::onStarted(const QString& autosave) {
    // Only now, with a worker really running, is the table cleared: a sweep is a new session (the
    // previous rows stay in their file).
    m_document->beginSweep(m_pendingPlan);
    m_model->resetData({});
    // The previous session's trace is not this run's: say when (or why not) this one will have one.
    m_area->timeline()->clear(whyNoTimeline({/*running=*/true, m_pendingPlan.profile, m_lacksCuda}));
    m_area->summaryCard()->setRunning(true);  // its height is held, so the tabs below do not move
    emit emptyStateChanged();
    m_document->setSweepRunning(true);
    m_panel->setRunning(true);
    emit runningChanged(true);
    m_document->setFile({});
    m_messages->log(tr("Sweep started; rows are autosaved to %1").arg(QDir::toNativeSeparators(autosave)));
}

void SweepRun::onFailed(const QString& message) {
    m_messages->log(message);
    m_panel->setFinished(false, message);
    m_messages->status(message, 15000);
}

void SweepRun::onFinished(bool ok) {
    m_panel->setRunning(false);
    emit runningChanged(false);
    m_area->summaryCard()->setRunning(false);
    if (!m_document->sweepRunning()) return;  // refused before it started: what is shown stays as it was
    m_document->setSweepRunning(false);
    if (ok) {
        const auto done = tr("Sweep finished: %1 rows").arg(m_model->rowCount());
        m_panel->setFinished(true, done);
        m_messages->log(done);
    }
    m_document->setFile(m_worker->autosavePath());
    // The profiled steps, when the worker wrote them; else why not (a CPU run, profiling off).
    m_files->loadTraceBeside(m_worker->autosavePath(),
                             whyNoTimeline({/*running=*/false, m_pendingPlan.profile, m_lacksCuda}));
}

void SweepRun::probeMachine() {
    auto* probe = new EnvironmentProbe(this);
    connect(probe, &EnvironmentProbe::probed, this, &SweepRun::onProbed);
    probe->start(m_worker->workerExecutable());
}

void SweepRun::onProbed(const QJsonObject& environment) {
    if (!environmentLacksCuda(environment) || m_lacksCuda) return;
    m_lacksCuda = true;
    if (!m_document->sweepRunning()) m_panel->adaptToMachineWithoutCuda();
    emit emptyStateChanged();
}

}  // namespace graphlens::ui
