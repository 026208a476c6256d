#include "ui/ThemeMenu.h"

#include <QActionGroup>

namespace graphlens::ui {

ThemeMenu::ThemeMenu(QWidget* parent) : QMenu(tr("&Theme"), parent), m_actions(new QActionGroup(this)) {
    setObjectName(QStringLiteral("menuTheme"));
    setToolTipsVisible(true);
    const struct {
        ColorTheme theme;
        const char* objectName;
        QString text;
        QString tip;
    } choices[] = {
        {ColorTheme::System, "actionThemeSystem", tr("&System"), tr("The desktop's own style and colours")},
        {ColorTheme::Light, "actionThemeLight", tr("&Light"),
         tr("Dark text on light backgrounds, charts included")},
        {ColorTheme::Dark, "actionThemeDark", tr("&Dark"),
         tr("Light text on dark backgrounds, charts included")},
    };
    for (const auto& choice : choices) {
        auto* action = addAction(choice.text);
        action->setObjectName(QLatin1String(choice.objectName));
        action->setToolTip(choice.tip);
        action->setCheckable(true);
        action->setData(themeKey(choice.theme));
        m_actions->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme = choice.theme] { emit themeChosen(theme); });
    }
}

void ThemeMenu::showChecked(ColorTheme theme) {
    const auto actions = m_actions->actions();
    for (auto* action : actions) action->setChecked(action->data().toString() == themeKey(theme));
}

}  // namespace graphlens::ui
