#pragma once
// At start, offers the interrupted runs of the autosave folder (InterruptedRunFolder) above the
// window's contents, one RecoveryBar each: Open loads its rows through the window's open (a
// damaged last line is skipped and said so), Discard moves the autosave aside, Later keeps it for
// the next start. start() scans on a thread of its own: the window is up and usable meanwhile.
// It knows the window as a QMainWindow (a tool bar for the offers, the status bar for outcomes),
// the session shown and File ▸ Open's action (no opening mid-sweep), nothing more.
#include "ui/session/InterruptedRunFolder.h"
#include "ui/session/ShownSession.h"

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;
class QToolBar;

namespace graphlens::ui {

class RecoveryBar;

class RecoveryOffers : public QObject {
    Q_OBJECT
public:
    // folder: where the window's runs autosave (MainWindow::worker()->resultsDirectory());
    // openAction: File ▸ Open, whose enabled state Open follows (may be nullptr).
    RecoveryOffers(QMainWindow* window, ShownSession shown, QAction* openAction, const QString& folder);

    void start();                                        // scan off the GUI thread, then offer
    void showOffers(const std::vector<InterruptedRun>& runs);  // offer these now

    QList<RecoveryBar*> bars() const;
    const InterruptedRunFolder& folder() const { return m_folder; }

    bool open(RecoveryBar* bar);
    bool discard(RecoveryBar* bar);
    void later(RecoveryBar* bar);

signals:
    void scanFinished(int offers);

private:
    void removeBar(RecoveryBar* bar);
    void syncOpenEnabled();

    QMainWindow* m_window = nullptr;
    ShownSession m_shown;
    QPointer<QAction> m_openAction;
    InterruptedRunFolder m_folder;
    QToolBar* m_toolBar = nullptr;  // created with the first offer
};

}  // namespace graphlens::ui
