#pragma once
// Façade over the engine process (`graphlens-cli worker --plan F`, DESIGN §2), in the style of
// hotspot's PerfParser: commands in (start, cancel), decoded protocol events out as signals.
// Every run ends with exactly one finished(ok); a failure, a crash, a non-zero exit and a cancel
// all arrive through failed(message) first. Rows already received are the caller's to keep.
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

class QProcess;
class QTemporaryFile;

namespace graphlens::ui {

class WorkerClient : public QObject {
    Q_OBJECT
public:
    explicit WorkerClient(QObject* parent = nullptr);
    ~WorkerClient() override;  // kills a running worker without emitting anything or waiting for it

    void setWorkerExecutable(const QString& path);  // default: defaultWorkerExecutable()
    QString workerExecutable() const { return m_executable; }
    // Where autosave JSONL files go; default AppDataLocation/sessions.
    void setResultsDirectory(const QString& path) { m_resultsDirectory = path; }
    QString resultsDirectory() const { return m_resultsDirectory; }

    bool isRunning() const;
    QString autosavePath() const { return m_autosavePath; }
    int rowsReceived() const { return m_rows; }
    qint64 lastProcessId() const { return m_lastPid; }

    // False (after failed() and finished(false)) when the plan is invalid or cannot be written;
    // false without signals when a run is already in progress.
    bool start(const graphlens::results::SweepPlan& plan);
    // Kills the worker; reports "Sweep cancelled; N rows kept" through failed(), then finished(false).
    void cancel();

signals:
    void started(const QString& autosavePath);
    void helloReceived(const QJsonObject& hello);  // {"version", "environment": {...}}
    // With "done": the session's final environment (hello's, plus the clocks sampled while timing).
    void environmentReceived(const QJsonObject& environment);
    void progress(int done, int total, const QString& label, double etaSeconds);
    void measurementReceived(const graphlens::results::Measurement& row);
    void logLine(const QString& line);
    void warningReceived(const QString& text);
    void failed(const QString& message);
    void finished(bool ok);

private:
    void readStandardOutput();
    void readStandardError();
    void handleLine(const QByteArray& line);
    void onProcessFinished(int exitCode, int exitStatus);
    void onProcessError(int error);
    void fail(const QString& message);
    void discardProcess();
    void killProcessTree();
    void abandonProcess();  // kill, detach and forget the process without waiting for it

    QString m_executable;
    QString m_resultsDirectory;
    QString m_autosavePath;
    QProcess* m_process = nullptr;
    // The plan given to the worker; removed as soon as the run ends in any way (done, failure,
    // crash, cancel), not only at the next start or when the window closes.
    std::unique_ptr<QTemporaryFile> m_planFile;
    QStringList m_errors;  // "error" events of this run, reported when the worker exits
    int m_rows = 0;
    qint64 m_lastPid = 0;
    bool m_cancelled = false;
    bool m_doneSeen = false;
    bool m_doneOk = false;
};

}  // namespace graphlens::ui
