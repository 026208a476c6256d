#pragma once
// The application's colour theme (View ▸ Theme): the platform's own look, or Fusion with a light or
// a dark palette. Widgets follow the application palette; the charts follow it through
// ChartStyle (applyChartPalette, kept up to date by followPaletteInCharts).
#include <QColor>
#include <QPalette>
#include <QString>

namespace graphlens::ui {

enum class ColorTheme { System, Light, Dark };

// "system", "light", "dark": the value kept in QSettings under themeSettingsKey().
QString themeKey(ColorTheme theme);
ColorTheme themeFromKey(const QString& key);  // anything unknown is System
QString themeSettingsKey();

// Fusion's light palette, and a dark one whose roles keep the same contrasts (text on base, text on
// button, disabled text, highlight).
QPalette lightPalette();
QPalette darkPalette();

// Message text that must stand out on `palette`'s window colour (the field errors and notes of the
// sweep panel): a red and an amber with at least 4.5:1 contrast on the light and the dark palette.
QColor errorTextColor(const QPalette& palette);
QColor warningTextColor(const QPalette& palette);
// A selected point or bar: the series' colour moved away from the background it is drawn on
// (darker on a light palette, lighter on a dark one), so the mark never fades into the chart.
QColor selectedShade(const QColor& color, const QPalette& palette);

// Sets the application's style and palette. System restores what the application started with (a
// no-op when no other theme was ever applied, so starting up costs nothing).
void applyTheme(ColorTheme theme);
ColorTheme appliedTheme();

}  // namespace graphlens::ui
