#pragma once
// Where a chart view puts its parts: the title on top (small multiples only; a single chart draws
// its own), the panels below it, the wrapped legend at the bottom. The panels stand in one row while
// each keeps room for a readable plot (the window's chart area is wide and short), else in one
// column (a narrow window or export).
#include <QList>
#include <QRectF>

class QChart;
class QGraphicsTextItem;

namespace graphlens::ui {

class ChartLegendItem;

// `title` may be null (a single panel titles itself); the legend's height follows from `area`'s width.
void layOutChartPanels(const QRectF& area, QGraphicsTextItem* title, const QList<QChart*>& panels,
                       ChartLegendItem* legend);

// Columns for `count` panels in a `width` × `height` area: `count` (one row) or 1 (see above).
int panelColumns(int count, qreal width, qreal height);

}  // namespace graphlens::ui
