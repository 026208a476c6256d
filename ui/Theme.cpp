#include "ui/Theme.h"

#include "ui/charts/ChartStyle.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>
#include <memory>

namespace graphlens::ui {
namespace {

const QString kFusion = QStringLiteral("Fusion");

// What the application looked like before the first theme was applied, for System to go back to.
struct StartupLook {
    bool saved = false;
    QString styleName;
    QPalette palette;
};

StartupLook& startupLook() {
    static StartupLook look;
    return look;
}

// Whether a style sheet set on the widget or above it is in force (qApp's included).
bool underStyleSheet(const QWidget* widget) {
    if (!qApp->styleSheet().isEmpty()) return true;
    for (const QWidget* up = widget; up; up = up->parentWidget()) {
        if (!up->styleSheet().isEmpty()) return true;
    }
    return false;
}

// Qt leaves out of palette propagation every widget that has, or once had, a style sheet
// (WA_StyleSheet stays set after the sheet is cleared, e.g. a field flagged invalid and then
// fixed): those keep the old palette, a white field in a dark window. Give them the new one.
void repaletteStyleSheetWidgets() {
    const auto widgets = QApplication::allWidgets();
    for (QWidget* widget : widgets) {
        if (!widget->testAttribute(Qt::WA_StyleSheet)) continue;
        const QString sheet = widget->styleSheet();
        if (sheet.isEmpty()) {
            // A sheet above it styles it still: that sheet's rules would be lost.
            if (!widget->testAttribute(Qt::WA_SetPalette) && !underStyleSheet(widget)) widget->setPalette(QPalette());
            continue;
        }
        // The sheet's palette was built on the old one: take it off, reset, put it back.
        widget->setStyleSheet(QString());
        widget->setPalette(QPalette());
        widget->setStyleSheet(sheet);
    }
}

ColorTheme& currentTheme() {
    static ColorTheme theme = ColorTheme::System;
    return theme;
}

}  // namespace

QString themeKey(ColorTheme theme) {
    switch (theme) {
        case ColorTheme::Light: return QStringLiteral("light");
        case ColorTheme::Dark: return QStringLiteral("dark");
        case ColorTheme::System: break;
    }
    return QStringLiteral("system");
}

ColorTheme themeFromKey(const QString& key) {
    if (key == QStringLiteral("light")) return ColorTheme::Light;
    if (key == QStringLiteral("dark")) return ColorTheme::Dark;
    return ColorTheme::System;
}

QString themeSettingsKey() { return QStringLiteral("view/theme"); }

QPalette lightPalette() {
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(kFusion));
    return fusion ? fusion->standardPalette() : QPalette(QColor(0xef, 0xef, 0xef));
}

QPalette darkPalette() {
    const QColor window(0x32, 0x33, 0x36);
    const QColor base(0x23, 0x24, 0x27);
    const QColor alternateBase(0x2b, 0x2c, 0x30);
    const QColor button(0x3b, 0x3c, 0x40);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabledText(0x85, 0x85, 0x88);
    const QColor highlight(0x2a, 0x70, 0xc0);  // white on it: 5:1

    QPalette palette;
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, alternateBase);
    palette.setColor(QPalette::ToolTipBase, button);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x95, 0x95, 0x98));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, button);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    // Bevel roles around Button, lighter to darker. Mid is also used as a muted text colour
    // (style sheets say palette(mid)), so it stays readable on Window.
    palette.setColor(QPalette::Light, QColor(0x5a, 0x5b, 0x60));
    palette.setColor(QPalette::Midlight, QColor(0x4a, 0x4b, 0x50));
    palette.setColor(QPalette::Mid, QColor(0x9a, 0x9a, 0x9e));
    palette.setColor(QPalette::Dark, QColor(0x1c, 0x1c, 0x1f));
    palette.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x12));
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xc3, 0x9d, 0xff));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::HighlightedText}) {
        palette.setColor(QPalette::Disabled, role, disabledText);
    }
    palette.setColor(QPalette::Disabled, QPalette::Base, window);
    palette.setColor(QPalette::Disabled, QPalette::Button, window);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x55, 0x56, 0x5a));
    return palette;
}

void applyTheme(ColorTheme theme) {
    auto& startup = startupLook();
    if (theme == ColorTheme::System) {
        if (!startup.saved) return;  // never left the platform's look
        if (QApplication::style()->name().compare(startup.styleName, Qt::CaseInsensitive) != 0) {
            QApplication::setStyle(startup.styleName);
        }
        QApplication::setPalette(startup.palette);
        repaletteStyleSheetWidgets();
        currentTheme() = theme;
        return;
    }
    if (!startup.saved) {
        startup.styleName = QApplication::style()->name();
        startup.palette = QApplication::palette();
        startup.saved = true;
    }
    // Fusion draws every control from the palette: other styles (the platform's) may not, and
    // would leave light buttons in a dark window.
    if (QApplication::style()->name().compare(kFusion, Qt::CaseInsensitive) != 0) QApplication::setStyle(kFusion);
    QApplication::setPalette(theme == ColorTheme::Dark ? darkPalette() : lightPalette());
    repaletteStyleSheetWidgets();
    currentTheme() = theme;
}

ColorTheme appliedTheme() { return currentTheme(); }

QColor errorTextColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0xff, 0x7b, 0x6b) : QColor(0xb0, 0x2a, 0x1e);
}

QColor warningTextColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0xf0, 0xb0, 0x41) : QColor(0x8a, 0x5a, 0x00);
}

QColor selectedShade(const QColor& color, const QPalette& palette) {
    return isDarkPalette(palette) ? color.lighter(160) : color.darker(160);
}

}  // namespace graphlens::ui
