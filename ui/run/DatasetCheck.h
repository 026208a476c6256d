#pragma once
// The sweep panel's dataset check: `<engine> data-check --json <data>` in a child process (the GUI
// thread never waits on it), the engine opening the dataset exactly as a run would. A new check
// replaces the one in flight; a check that hangs is killed after kTimeoutMs.
#include <QObject>
#include <QString>
#include <QStringList>

class QProcess;

namespace graphlens::ui {

struct DatasetCheckOutcome {
    bool ok = false;
    QString task;       // detect | classify
    int classes = 0;
    QString summary;    // what the dataset holds, as the engine says it
    QStringList warnings;
    QString error;      // not ok: what is wrong, naming the file and line
};

class DatasetCheck : public QObject {
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 30000;

    explicit DatasetCheck(QObject* parent = nullptr);

    void start(const QString& executable, const QString& data);
    void cancel();  // the check in flight ends without a finished()
    bool running() const { return m_process != nullptr; }

    // One JSON object as `data-check --json` prints it.
    static DatasetCheckOutcome parse(const QByteArray& json);

signals:
    void finished(const graphlens::ui::DatasetCheckOutcome& outcome);

private:
    QProcess* m_process = nullptr;
};

}  // namespace graphlens::ui
