#pragma once
// An autosave of a run the GUI did not see end (see RunMarker), as the recovery offer describes it.
#include <QDateTime>
#include <QString>
#include <QStringList>

namespace graphlens::ui {

struct InterruptedRun {
    QString autosavePath;
    QDateTime lastWritten;  // the autosave's modification time: when its last row was measured
    int rows = 0;
    int skippedLines = 0;   // lines that are not a whole row: the last one, cut short by the kill
    QStringList families;   // in order of first appearance
};

}  // namespace graphlens::ui
