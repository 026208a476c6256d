#pragma once
// Series symbols that a greyscale print tells apart. On screen a chart's series differ mostly by
// colour (one per configuration, solid eager and dashed graphed lines); on paper printed in grey
// that is not enough, so before a chart is rendered for the report every series its legend lists
// gets a symbol no other entry of that chart has: a marker shape (filled on solid lines, hollow on
// dashed ones, as the window's graphed rings), a line style, or for bars a hatch. The series are
// restyled to match, so the page's legend describes what the image shows.
#include "ui/report/ReportContent.h"

class QChart;

namespace graphlens::ui {

// The legend of `charts` (the shown panels of one view), every entry once with its distinct glyph,
// in the order the view's own legend lists them; the series are restyled. Series of several panels
// with the same name, colour and line style are one entry and share one symbol.
QList<ReportLegendEntry> giveDistinctSymbols(const QList<QChart*>& charts);

}  // namespace graphlens::ui
