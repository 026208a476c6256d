#include "ui/session/RunMarkerKeeper.h"

#include "ui/UiLogging.h"
#include "ui/run/WorkerClient.h"
#include "ui/session/RunMarker.h"

namespace graphlens::ui {

RunMarkerKeeper::RunMarkerKeeper(WorkerClient* worker, QObject* parent) : QObject(parent) {
    connect(worker, &WorkerClient::started, this, &RunMarkerKeeper::markStarted);
    connect(worker, &WorkerClient::finished, this, &RunMarkerKeeper::markEnded);
}

RunMarkerKeeper::~RunMarkerKeeper() { markEnded(); }

void RunMarkerKeeper::markStarted(const QString& autosavePath) {
    markEnded();
    if (autosavePath.isEmpty()) return;
    if (!RunMarker::write(autosavePath, RunMarker::thisProcess())) {
        // Without it a crash of this window goes unnoticed at the next start; the rows are still
        // in the autosave, which File ▸ Open reads.
        qCWarning(lcUiWorker) << "cannot write the run marker" << RunMarker::pathFor(autosavePath);
        return;
    }
    m_autosave = autosavePath;
}

void RunMarkerKeeper::markEnded() {
    if (m_autosave.isEmpty()) return;
    RunMarker::remove(m_autosave);
    m_autosave.clear();
}

}  // namespace graphlens::ui
