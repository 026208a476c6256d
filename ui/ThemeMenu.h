#pragma once
// View ▸ Theme: System, Light or Dark, one checked at a time. Choosing one only asks for it
// (themeChosen); the window applies it and checks it here, so a theme set otherwise shows too.
#include "ui/Theme.h"

#include <QMenu>

class QActionGroup;

namespace graphlens::ui {

class ThemeMenu : public QMenu {
    Q_OBJECT
public:
    explicit ThemeMenu(QWidget* parent = nullptr);

    void showChecked(graphlens::ui::ColorTheme theme);

signals:
    void themeChosen(graphlens::ui::ColorTheme theme);

private:
    QActionGroup* m_actions = nullptr;  // exclusive; each action's data is its themeKey
};

}  // namespace graphlens::ui
