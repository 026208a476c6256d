#pragma once
// How the window's parts tell the user what happened: a line in the log, a message in the status
// bar, or an error (logged, kept for lastError(), and shown in a box that names the file). Lets the
// file and sweep flows report without reaching the window itself.
#include <QObject>
#include <QString>

class QStatusBar;
class QWidget;

namespace graphlens::ui {

class RunLog;

class WindowMessages : public QObject {
    Q_OBJECT
public:
    // window: the parent of this object and of the error boxes.
    WindowMessages(RunLog* log, QStatusBar* statusBar, QWidget* window);

    void log(const QString& line);
    void status(const QString& text, int timeoutMs);
    // Non-modal: an error must not block a running sweep's live updates (or a test's event loop).
    void error(const QString& title, const QString& detail);
    QString lastError() const { return m_lastError; }  // title and detail of the last error, on two lines

private:
    RunLog* m_log;
    QStatusBar* m_statusBar;
    QWidget* m_window;
    QString m_lastError;
};

}  // namespace graphlens::ui
