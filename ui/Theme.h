#pragma once
// The application's colour theme (View ▸ Theme): the platform's own look, or Fusion with a light or
// a dark palette. Widgets follow the application palette; the charts follow it through
// ChartStyle (applyChartPalette, kept up to date by followPaletteInCharts).
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

// Sets the application's style and palette. System restores what the application started with (a
// no-op when no other theme was ever applied, so starting up costs nothing).
void applyTheme(ColorTheme theme);
ColorTheme appliedTheme();

}  // namespace graphlens::ui
