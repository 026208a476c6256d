#pragma once
// The session shown, less its rows (MeasurementTableModel holds those): its plan, environment, id
// and creation time, the file it was read from or last saved to, and whether a sweep is filling it.
#include "results/Session.h"
#include "results/SweepPlan.h"

#include <QObject>
#include <QString>

namespace graphlens::ui {

class MeasurementTableModel;

class SessionDocument : public QObject {
    Q_OBJECT
public:
    SessionDocument(const MeasurementTableModel* rows, QObject* parent);

    const results::Session& info() const { return m_info; }  // its rows are empty: see withRows()
    results::Session withRows() const;                       // what a save or a report writes

    void replace(results::Session info);              // a file was opened (its rows already in the model)
    void beginSweep(const results::SweepPlan& plan);  // a new session: this plan, created now
    void setEnvironment(nlohmann::json environment);
    // A sweep's session takes its id from its first row; emits idChanged() when it did.
    void adoptIdOf(const results::Measurement& row);
    // What a save gave a session that had none: an id and a creation time.
    void keepSavedIdentity(const results::Session& saved);

    QString file() const { return m_file; }
    void setFile(const QString& path);  // always emits fileChanged(), even for the same path
    bool sweepRunning() const { return m_sweepRunning; }
    void setSweepRunning(bool running) { m_sweepRunning = running; }

signals:
    void fileChanged(const QString& path);
    void idChanged();

private:
    const MeasurementTableModel* m_rows;
    results::Session m_info;
    QString m_file;  // empty for a sweep not saved yet
    bool m_sweepRunning = false;
};

}  // namespace graphlens::ui
