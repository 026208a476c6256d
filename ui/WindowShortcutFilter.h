#pragma once
// Window shortcuts (save, export, open, run, cancel) win over a focused text field, which would
// otherwise take Ctrl+E, Ctrl+S… for itself through ShortcutOverride. Installed on the application,
// it acts only on key presses in widgets of its window.
#include <QList>
#include <QObject>

class QAction;
class QWidget;

namespace graphlens::ui {

class WindowShortcutFilter : public QObject {
    Q_OBJECT
public:
    // actions: those whose shortcuts must win (null entries are skipped); window: parent and scope.
    WindowShortcutFilter(QList<QAction*> actions, QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QList<QAction*> m_actions;
    QWidget* m_window;
};

}  // namespace graphlens::ui
