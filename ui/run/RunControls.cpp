#include "ui/run/RunControls.h"

#include "ui/run/MessageStyle.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {

QString formatEta(double seconds) {
    if (!(seconds > 0) || !std::isfinite(seconds)) return {};
    const auto total = qint64(std::lround(seconds));
    if (total < 60) return RunControls::tr("ETA %1 s").arg(total);
    return RunControls::tr("ETA %1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

RunControls::RunControls(QWidget* panel) : QObject(panel), m_panel(panel) {
    m_start = new QPushButton(tr("Start sweep"));
    m_start->setDefault(true);
    m_start->setAccessibleName(tr("Start sweep"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Kill the worker; rows measured so far are kept"));
    m_cancel->setAccessibleName(tr("Cancel sweep"));
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("idle"));
    m_progress->setAccessibleName(tr("Sweep progress"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    connect(m_start, &QPushButton::clicked, this, &RunControls::startClicked);
    connect(m_cancel, &QPushButton::clicked, this, &RunControls::cancelClicked);
}

void RunControls::addTo(QVBoxLayout* layout) {
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
}

void RunControls::showInputError(const QString& inputError, bool running) {
    m_start->setToolTip(inputError);
    m_start->setEnabled(!running && inputError.isEmpty());
    if (running) return;  // the status line shows the run's progress
    m_statusIsError = !inputError.isEmpty();
    m_status->setStyleSheet(m_statusIsError ? messageStyle(m_panel->palette(), true, false) : QString());
    m_status->setText(inputError.isEmpty() ? QString() : tr("Cannot start: %1").arg(inputError));
}

void RunControls::setRunning(bool running, bool canStart) {
    m_start->setEnabled(!running && canStart);
    m_cancel->setEnabled(running);
    if (!running) return;
    m_progress->setRange(0, 0);  // busy until the first progress event gives a total
    m_progress->setFormat(tr("starting…"));
    m_status->clear();
    m_status->setStyleSheet(QString());
}

void RunControls::setProgress(int done, int total, const QString& label, double etaSeconds) {
    m_progress->setRange(0, std::max(total, 1));
    m_progress->setValue(std::clamp(done, 0, std::max(total, 1)));
    QString text = tr("%1 / %2").arg(done).arg(total);
    if (const auto eta = formatEta(etaSeconds); !eta.isEmpty()) text += QStringLiteral(" · ") + eta;
    m_progress->setFormat(text);
    m_status->setText(label);
}

void RunControls::setFinished(bool ok, const QString& message) {
    if (m_progress->maximum() == 0) m_progress->setRange(0, 1);  // leave the busy state
    if (ok) m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(ok ? tr("done") : tr("stopped"));
    m_statusIsError = !ok;
    m_status->setStyleSheet(m_statusIsError ? messageStyle(m_panel->palette(), true, false) : QString());
    m_status->setText(message);
}

void RunControls::restyle() {
    if (m_statusIsError) m_status->setStyleSheet(messageStyle(m_panel->palette(), true, false));
}

}  // namespace graphlens::ui
