#include "ui/RunLog.h"

#include <QDateTime>

namespace graphlens::ui {

RunLog::RunLog(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setAccessibleName(tr("Log"));
    setMaximumBlockCount(5000);  // a chatty engine must not grow the window's memory forever
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
}

void RunLog::appendLine(const QString& line) {
    appendPlainText(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss  ")) + line);
}

}  // namespace graphlens::ui
