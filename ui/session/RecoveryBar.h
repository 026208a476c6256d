#pragma once
// One recovery offer across the top of the window: "An interrupted run from <date> (<n> rows,
// <families>) can be recovered: Open / Discard / Later". After an answer it can show the outcome
// (e.g. a skipped damaged line) with a Close button instead of the three choices.
#include "ui/session/InterruptedRun.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace graphlens::ui {

class RecoveryBar : public QFrame {
    Q_OBJECT
public:
    explicit RecoveryBar(InterruptedRun run, QWidget* parent = nullptr);

    const InterruptedRun& run() const { return m_run; }
    QString text() const;
    static QString describe(const InterruptedRun& run);

    QPushButton* openButton() const { return m_open; }
    QPushButton* discardButton() const { return m_discard; }
    QPushButton* laterButton() const { return m_later; }
    QPushButton* closeButton() const { return m_close; }

    void setOpenEnabled(bool enabled);
    void showOutcome(const QString& text);  // the three choices give way to Close
    void showProblem(const QString& text);  // the choices stay: the user may try another

signals:
    void openRequested();
    void discardRequested();
    void laterRequested();
    void closeRequested();

private:
    InterruptedRun m_run;
    QLabel* m_label = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_discard = nullptr;
    QPushButton* m_later = nullptr;
    QPushButton* m_close = nullptr;
};

}  // namespace graphlens::ui
