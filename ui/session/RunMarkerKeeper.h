#pragma once
// Keeps the RunMarker of the window's run: written when the worker has started, removed when the
// run ends in any way the GUI sees (finished ok or not, cancel, closing the window). Only a GUI
// that dies mid-run leaves its marker behind, which is what makes the run "interrupted".
#include <QObject>
#include <QString>

namespace graphlens::ui {

class WorkerClient;

class RunMarkerKeeper : public QObject {
    Q_OBJECT
public:
    explicit RunMarkerKeeper(WorkerClient* worker, QObject* parent = nullptr);
    ~RunMarkerKeeper() override;  // a normal exit ends the run: no marker left

    QString markedAutosave() const { return m_autosave; }  // empty when no run is marked

private:
    void markStarted(const QString& autosavePath);
    void markEnded();

    QString m_autosave;
};

}  // namespace graphlens::ui
