#include "ui/WindowMessages.h"

#include "ui/RunLog.h"
#include "ui/UiLogging.h"

#include <QMessageBox>
#include <QStatusBar>

namespace graphlens::ui {

WindowMessages::WindowMessages(RunLog* log, QStatusBar* statusBar, QWidget* window)
    : QObject(window), m_log(log), m_statusBar(statusBar), m_window(window) {}

void WindowMessages::log(const QString& line) {
    m_log->appendLine(line);
}

void WindowMessages::status(const QString& text, int timeoutMs) {
    m_statusBar->showMessage(text, timeoutMs);
}

void WindowMessages::error(const QString& title, const QString& detail) {
    m_lastError = title + QLatin1Char('\n') + detail;
    qCWarning(lcUiWindow).noquote() << m_lastError;
    log(title + QStringLiteral(": ") + detail);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("GraphLens"), title, QMessageBox::Ok, m_window);
    box->setInformativeText(detail);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace graphlens::ui
