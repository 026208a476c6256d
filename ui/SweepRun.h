#pragma once
// A sweep from the panel's Start to its last row, shown as it goes: the plan is checked first (one
// that cannot run clears nothing), the table is cleared only once the worker really runs, rows
// stream in, the environment follows the worker's, and at the end the autosave becomes the file
// shown, with the trace beside it. Also asks this machine's engine once, at start, whether it has
// a CUDA device, so a first window on a CPU machine says so before any run.
#include "results/SweepPlan.h"

#include <QJsonObject>
#include <QObject>

namespace graphlens::ui {

class MeasurementTableModel;
class ResultsArea;
class SessionDocument;
class SessionFiles;
class SweepPanel;
class WindowMessages;
class WorkerClient;

class SweepRun : public QObject {
    Q_OBJECT
public:
    SweepRun(WorkerClient* worker, SweepPanel* panel, SessionDocument* document, MeasurementTableModel* model,
             ResultsArea* area, SessionFiles* files, WindowMessages* messages, QObject* parent);

    void start(const graphlens::results::SweepPlan& plan);  // ignored while a worker runs
    void probeMachine();  // `env --json` in a process of its own; the GUI thread never waits for it
    // The worker's or the probe's environment says this machine has no CUDA device.
    bool machineLacksCuda() const { return m_lacksCuda; }

signals:
    void runningChanged(bool running);  // the window's Open, Run and Cancel follow
    // The worker's hello, or its final fingerprint (with the clocks sampled while timing).
    void environmentReceived(const QJsonObject& helloOrEnvironment);
    void emptyStateChanged();  // the timeline was cleared, or the machine found to lack CUDA

private:
    void connectWorker();
    void onStarted(const QString& autosave);
    void onFailed(const QString& message);
    void onFinished(bool ok);
    void onProbed(const QJsonObject& environment);

    WorkerClient* m_worker;
    SweepPanel* m_panel;
    SessionDocument* m_document;
    MeasurementTableModel* m_model;
    ResultsArea* m_area;
    SessionFiles* m_files;
    WindowMessages* m_messages;
    results::SweepPlan m_pendingPlan;  // the plan of the run being started
    bool m_lacksCuda = false;
};

}  // namespace graphlens::ui
