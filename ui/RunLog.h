#pragma once
// The Log dock: the engine's lines and the window's own notes (files opened, saved, exported), each
// stamped with the time of day.
#include <QPlainTextEdit>

namespace graphlens::ui {

class RunLog : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit RunLog(QWidget* parent = nullptr);

    void appendLine(const QString& line);  // "HH:mm:ss  line"
};

}  // namespace graphlens::ui
