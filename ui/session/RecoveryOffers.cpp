#include "ui/session/RecoveryOffers.h"

#include "ui/models/MeasurementTableModel.h"
#include "ui/session/RecoveryBar.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>
#include <QThread>
#include <QToolBar>
#include <QVBoxLayout>
#include <memory>

namespace graphlens::ui {

RecoveryOffers::RecoveryOffers(QMainWindow* window, ShownSession shown, QAction* openAction, const QString& folder)
    : QObject(window), m_window(window), m_shown(std::move(shown)), m_openAction(openAction), m_folder(folder) {}

void RecoveryOffers::start() {
    auto found = std::make_shared<std::vector<InterruptedRun>>();
    const InterruptedRunFolder folder = m_folder;
    // Parentless and self-deleting: closing the window mid-scan must neither wait for it nor
    // destroy a running thread. The queued finished() never reaches a destroyed `this`.
    QThread* thread = QThread::create([folder, found] { *found = folder.scan(); });
    connect(thread, &QThread::finished, this, [this, found] {
        showOffers(*found);
        emit scanFinished(int(found->size()));
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start(QThread::LowPriority);
}

void RecoveryOffers::showOffers(const std::vector<InterruptedRun>& runs) {
    if (runs.empty()) return;
    if (!m_toolBar) {
        // A strip across the top of the window, above the charts and the table; it leaves the
        // window's own layout alone and goes away with the last answer.
        m_toolBar = new QToolBar(tr("Interrupted runs"), m_window);
        m_toolBar->setObjectName(QStringLiteral("recoveryToolBar"));
        m_toolBar->setAccessibleName(tr("Interrupted runs"));
        m_toolBar->setMovable(false);
        m_toolBar->setFloatable(false);
        m_toolBar->toggleViewAction()->setVisible(false);
        auto* holder = new QWidget;
        holder->setObjectName(QStringLiteral("recoveryOffers"));
        auto* layout = new QVBoxLayout(holder);
        layout->setContentsMargins(4, 2, 4, 2);
        layout->setSpacing(4);
        m_toolBar->addWidget(holder);
        m_window->addToolBar(Qt::TopToolBarArea, m_toolBar);
        // Opening replaces what is shown: not while a sweep streams rows in (as File ▸ Open).
        if (m_openAction) connect(m_openAction, &QAction::enabledChanged, this, &RecoveryOffers::syncOpenEnabled);
    }
    auto* holder = m_toolBar->findChild<QWidget*>(QStringLiteral("recoveryOffers"));
    for (const auto& run : runs) {
        auto* bar = new RecoveryBar(run);
        holder->layout()->addWidget(bar);
        connect(bar, &RecoveryBar::openRequested, this, [this, bar] { open(bar); });
        connect(bar, &RecoveryBar::discardRequested, this, [this, bar] { discard(bar); });
        connect(bar, &RecoveryBar::laterRequested, this, [this, bar] { later(bar); });
        connect(bar, &RecoveryBar::closeRequested, this, [this, bar] { removeBar(bar); });
    }
    m_toolBar->show();
    syncOpenEnabled();
}

QList<RecoveryBar*> RecoveryOffers::bars() const {
    return m_toolBar ? m_toolBar->findChildren<RecoveryBar*>() : QList<RecoveryBar*>{};
}

bool RecoveryOffers::open(RecoveryBar* bar) {
    const InterruptedRun run = bar->run();
    if (!m_shown.open(run.autosavePath)) {
        const QString error = m_shown.lastError ? m_shown.lastError() : QString();
        bar->showProblem(tr("It cannot be opened: %1").arg(error.section(QLatin1Char('\n'), 1)));
        return false;
    }
    m_folder.markRecovered(run);
    const int rows = m_shown.model->rowCount();
    QString text = tr("Recovered %1 from %2; save it to keep it as a session.")
                       .arg(rows == 1 ? tr("1 row") : tr("%1 rows").arg(rows),
                            QDir::toNativeSeparators(QFileInfo(run.autosavePath).fileName()));
    if (run.skippedLines > 0) {
        // The usual cause: the run was killed while the worker wrote its last row.
        text += QLatin1Char(' ') + (run.skippedLines == 1
                                        ? tr("One damaged line (a row cut short when the run was killed) was skipped.")
                                        : tr("%1 damaged lines were skipped.").arg(run.skippedLines));
    }
    bar->showOutcome(text);
    m_window->statusBar()->showMessage(text, 15000);
    return true;
}

bool RecoveryOffers::discard(RecoveryBar* bar) {
    QString error;
    if (!m_folder.discard(bar->run(), &error)) {
        bar->showProblem(error);
        return false;
    }
    m_window->statusBar()->showMessage(tr("Moved %1 into %2")
                                           .arg(QFileInfo(bar->run().autosavePath).fileName(),
                                                QDir::toNativeSeparators(m_folder.discardedFolder())),
                                       10000);
    removeBar(bar);
    return true;
}

void RecoveryOffers::later(RecoveryBar* bar) { removeBar(bar); }  // marker and autosave stay: asked again next start

void RecoveryOffers::removeBar(RecoveryBar* bar) {
    bar->hide();
    bar->setParent(nullptr);
    bar->deleteLater();
    if (m_toolBar && bars().isEmpty()) m_toolBar->hide();
}

void RecoveryOffers::syncOpenEnabled() {
    const bool enabled = !m_openAction || m_openAction->isEnabled();
    for (auto* bar : bars()) bar->setOpenEnabled(enabled);
}

}  // namespace graphlens::ui
