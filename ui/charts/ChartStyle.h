#pragma once
// Shared look of the GUI's charts: one colour per curve (stable by index, independent of how many
// helper series such as error bars are added) and the log2 batch axis.
#include <QColor>
#include <QImage>
#include <QString>

class QChart;
class QPalette;
class QLogValueAxis;
class QValueAxis;
class QXYSeries;

namespace graphlens::ui {

QColor curveColor(int index);

// Batches are powers of two in practice: base 2 puts a tick on each of them.
QLogValueAxis* makeBatchAxis();
void fitBatchAxis(QLogValueAxis* axis, int minBatch, int maxBatch);

QValueAxis* makeValueAxis(const QString& title);
// From 0 to a round number above `maxValue`, so bars of different runs compare by eye.
void fitValueAxisFromZero(QValueAxis* axis, double maxValue);

void styleChart(QChart* chart, const QString& title);

// A palette is dark when its text is lighter than its base (the dark theme, or a dark desktop).
bool isDarkPalette(const QPalette& palette);
// Title, axes (labels, titles, lines, grid), legend and background in the palette's colours, so a
// chart reads on a light and on a dark theme alike. Series colours are left alone (curveColor's
// read on both), except point labels marked by colorPointLabelsAsText.
void applyChartPalette(QChart* chart, const QPalette& palette);
// From now on every QChartView of the application re-applies applyChartPalette with its own
// palette when it is first shown and whenever that palette changes (a theme switch). Idempotent.
void followPaletteInCharts();
// Point labels in the chart's label colour (for labels that name values, not curves), kept so by
// applyChartPalette when the theme changes.
void colorPointLabelsAsText(QXYSeries* series, const QPalette& palette);
// Point markers of a dashed (graphed) curve: a ring, so that at a single batch, where no dash can
// show, its point still reads apart from the eager curve's filled dot of the same colour; and the
// ring filled, for its highlighted points.
QImage ringMarker(const QColor& color);
QImage filledRingMarker(const QColor& color);
// A curve's colour made readable as text on white and on a dark background alike (value labels
// next to points): the same hue at a mid luminance.
QColor valueLabelColor(const QColor& curve);

}  // namespace graphlens::ui
