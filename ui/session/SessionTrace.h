#pragma once
// The trace that belongs to a results file: <folder>/<name>.trace.json beside <folder>/<name>.json
// (or .jsonl, .csv), as `graphlens-cli sweep --json session.json --trace session.trace.json` writes
// them. The one rule by which a session opens with its trace and is saved with it.
#include <QCoreApplication>
#include <QString>

namespace graphlens::ui {

class SessionTrace {
    Q_DECLARE_TR_FUNCTIONS(SessionTrace)
public:
    static QString pathBeside(const QString& resultsPath);
    // Copies the trace `source` to `target` through a temporary file beside `target`, renamed into
    // place, so a failed or interrupted write leaves no file (and an existing one is only replaced
    // by a complete copy). True without writing when both name the same file. False with `error`
    // naming the path at fault and why.
    static bool copy(const QString& source, const QString& target, QString* error);
};

}  // namespace graphlens::ui
