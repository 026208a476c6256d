#pragma once
// What a helper of the window (the baseline controller, the recovery offers) may know of it: the
// session shown and a way to show another one. Narrower than MainWindow: the helper cannot reach toolbars, the status
// bar or actions it does not own, and a test can hand it a bare model.
#include <QString>
#include <functional>

namespace graphlens::ui {

class MeasurementTableModel;

struct ShownSession {
    const MeasurementTableModel* model = nullptr;  // the rows shown
    std::function<QString()> file;                 // their file; empty for a sweep not saved yet
    // Shows another results file in place of the session shown; false after an error it showed
    // (naming the file), the session shown staying as it was.
    std::function<bool(const QString&)> open;
    std::function<QString()> lastError;  // why the last open failed (the file named), for a note of its own
};

}  // namespace graphlens::ui
