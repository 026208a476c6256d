#include "ui/WindowShortcutFilter.h"

#include <QAction>
#include <QKeyEvent>
#include <QWidget>
#include <utility>

namespace graphlens::ui {

WindowShortcutFilter::WindowShortcutFilter(QList<QAction*> actions, QWidget* window)
    : QObject(window), m_actions(std::move(actions)), m_window(window) {}

bool WindowShortcutFilter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride && watched->isWidgetType() &&
        static_cast<QWidget*>(watched)->window() == m_window) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeySequence pressed(key->keyCombination());
        for (const QAction* action : std::as_const(m_actions)) {
            if (action && action->isEnabled() && action->shortcut() == pressed) {
                key->ignore();  // not the field's: let the shortcut map give it to the action
                return true;
            }
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace graphlens::ui
