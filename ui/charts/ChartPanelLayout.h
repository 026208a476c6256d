#pragma once
// Where a chart view puts its parts: the title on top (small multiples only; a single chart draws
// its own), the panels below it in a grid, the wrapped legend at the bottom. The grid takes as many
// columns as keep each panel's plot closest to a 1.6:1 rectangle, so the same three panels stand
// side by side in a wide, short window and stack in a tall export.
#include <QList>
#include <QRectF>

class QChart;
class QGraphicsTextItem;

namespace graphlens::ui {

class ChartLegendItem;

// `title` may be null (a single panel titles itself); the legend's height follows from `area`'s width.
void layOutChartPanels(const QRectF& area, QGraphicsTextItem* title, const QList<QChart*>& panels,
                       ChartLegendItem* legend);

// Columns of the grid for `count` panels in a `width` × `height` area (see above).
int panelColumns(int count, qreal width, qreal height);

}  // namespace graphlens::ui
