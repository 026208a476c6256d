#include "ui/session/RecoveryBar.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

namespace graphlens::ui {

RecoveryBar::RecoveryBar(InterruptedRun run, QWidget* parent) : QFrame(parent), m_run(std::move(run)) {
    setObjectName(QStringLiteral("recoveryBar"));
    setAccessibleName(tr("Interrupted run"));
    // An information strip, not an error: pale amber with dark text in either theme (a dark
    // palette's light text would vanish on the fixed light background).
    setStyleSheet(QStringLiteral("QFrame#recoveryBar { background: #fdf3d8; border: 1px solid #e3c46f; "
                                 "border-radius: 4px; }"));
    m_label = new QLabel(describe(m_run));
    m_label->setWordWrap(true);
    m_label->setToolTip(QDir::toNativeSeparators(m_run.autosavePath));
    m_label->setStyleSheet(QStringLiteral("QLabel { background: transparent; border: none; color: #3b2f0b; }"));
    const auto button = [this](const QString& text, const QString& accessible, const QString& tip) {
        auto* b = new QPushButton(text);
        b->setAccessibleName(accessible);
        b->setToolTip(tip);
        return b;
    };
    m_open = button(tr("Open"), tr("Open the interrupted run"), tr("Show its rows; save them from there"));
    m_discard = button(tr("Discard"), tr("Discard the interrupted run"),
                       tr("Move its autosave into the discarded folder beside it; nothing is deleted"));
    m_later = button(tr("Later"), tr("Decide about the interrupted run later"), tr("Ask again at the next start"));
    m_close = button(tr("Close"), tr("Close this note"), QString());
    m_close->hide();

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 6, 4);
    layout->addWidget(m_label, 1);
    for (auto* b : {m_open, m_discard, m_later, m_close}) layout->addWidget(b);

    connect(m_open, &QPushButton::clicked, this, &RecoveryBar::openRequested);
    connect(m_discard, &QPushButton::clicked, this, &RecoveryBar::discardRequested);
    connect(m_later, &QPushButton::clicked, this, &RecoveryBar::laterRequested);
    connect(m_close, &QPushButton::clicked, this, &RecoveryBar::closeRequested);
}

QString RecoveryBar::describe(const InterruptedRun& run) {
    const QString rows = run.rows == 1 ? tr("1 row") : tr("%1 rows").arg(run.rows);
    QStringList families = run.families.mid(0, 3);
    if (run.families.size() > 3) families << QStringLiteral("…");
    const QString what = families.isEmpty() ? rows : rows + QStringLiteral(", ") + families.join(QStringLiteral(", "));
    return tr("An interrupted run from %1 (%2) can be recovered.")
        .arg(QLocale().toString(run.lastWritten, QLocale::ShortFormat), what);
}

QString RecoveryBar::text() const { return m_label->text(); }

void RecoveryBar::setOpenEnabled(bool enabled) {
    m_open->setEnabled(enabled);
    m_open->setToolTip(enabled ? tr("Show its rows; save them from there")
                               : tr("A sweep is running: open the interrupted run once it has ended"));
}

void RecoveryBar::showOutcome(const QString& text) {
    m_label->setText(text);
    for (auto* b : {m_open, m_discard, m_later}) b->hide();
    m_close->show();
}

void RecoveryBar::showProblem(const QString& text) { m_label->setText(describe(m_run) + QLatin1Char(' ') + text); }

}  // namespace graphlens::ui
