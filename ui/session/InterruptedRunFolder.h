#pragma once
// The folder the GUI's runs autosave into (WorkerClient::resultsDirectory(), by default
// ~/.local/share/graphlens/sessions): which of its autosaves are interrupted runs, and what to do
// with one once the user has answered. Plain file work, no widgets: the scan may run on any thread.
#include "ui/session/InterruptedRun.h"

#include <QString>
#include <vector>

namespace graphlens::ui {

class InterruptedRunFolder {
public:
    explicit InterruptedRunFolder(QString folder);

    QString path() const { return m_folder; }
    // Where Discard moves an autosave: a subfolder, never scanned, never emptied by GraphLens.
    QString discardedFolder() const;

    // Autosaves (*.jsonl) with a RunMarker whose process is gone and at least one whole row,
    // oldest first. An autosave without a marker (a run the GUI saw end, or a CLI run) is never one.
    std::vector<InterruptedRun> scan() const;

    // Moves the autosave into discardedFolder() (a number added if the name is taken) and drops
    // its marker. False, with the reason in `error`, when it cannot be moved; nothing is deleted.
    bool discard(const InterruptedRun& run, QString* error = nullptr) const;
    // Its rows are shown now (and saved from there like a finished run's): no longer offered.
    void markRecovered(const InterruptedRun& run) const;

private:
    QString m_folder;
};

}  // namespace graphlens::ui
