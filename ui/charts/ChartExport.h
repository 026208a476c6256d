#pragma once
// A chart as a file for slides and documents: PNG at twice the on-screen pixel density, or SVG
// (vectors and real text). Both are written to a temporary file in the target folder and renamed
// into place, so an interrupted or failed export leaves no partial file behind. The view itself is
// drawn, not a copy: its series grouped as the window's Series by groups them (GPU, host, driver).
#include <QImage>
#include <QString>

class QChartView;
class QWidget;

namespace graphlens::ui {

// The pixel density of exported PNGs relative to the view's logical size: sharp on a projector or
// a high-DPI screen even when the chart was small on the one it was exported from.
constexpr qreal kChartExportScale = 2.0;

// The view as it is laid out now, at `scale` device pixels per logical pixel, on the chart's own
// background colour (no transparent corners).
QImage renderChartImage(QChartView* view, qreal scale = kChartExportScale);

// By the path's suffix: ".png" or ".svg" (any case). False with `error` set to the path and the
// reason (unknown suffix, nothing to draw, the file cannot be written); then no file is left.
bool exportChart(QChartView* view, const QString& path, QString* error);
bool exportChartPng(QChartView* view, const QString& path, QString* error);
bool exportChartSvg(QChartView* view, const QString& path, QString* error);

// A file name for the chart from its title: "cuda-graph-speedup-vs-batch-size.svg".
QString suggestedChartFileName(QChartView* view, const QString& suffix);

// Asks where to write the chart (a save dialog) and exports it; a failure is shown in a message
// box over `dialogParent`. `suffix` is "png" or "svg". Returns whether a file was written.
bool chooseAndExportChart(QChartView* view, const QString& suffix, QWidget* dialogParent);

// "Export chart as PNG…" and "Export chart as SVG…" in the view's context menu (once: a second call
// on the same view adds nothing).
void addChartExportActions(QChartView* view);

}  // namespace graphlens::ui
