#include "ui/charts/ChartPanelLayout.h"

#include "ui/charts/ChartLegendItem.h"

#include <QChart>
#include <QGraphicsTextItem>
#include <algorithm>

namespace graphlens::ui {
namespace {
constexpr qreal kMargin = 6;
constexpr qreal kMinPanelWidth = 260;   // axis title and labels, and a plot wider than them
constexpr qreal kMinPanelHeight = 180;  // title, plot, batch labels and axis title
}  // namespace

int panelColumns(int count, qreal width, qreal height) {
    // One row while each panel keeps room for its axis labels and a readable plot, else one column:
    // a grid with a hole (two and one) halves every panel's height and elides its axis labels.
    // Short of room both ways, the arrangement that falls less short.
    if (count <= 1) return 1;
    const qreal rowFit = width / count / kMinPanelWidth;
    const qreal columnFit = height / count / kMinPanelHeight;
    return rowFit >= 1 || rowFit >= columnFit ? count : 1;
}

void layOutChartPanels(const QRectF& area, QGraphicsTextItem* title, const QList<QChart*>& panels,
                       ChartLegendItem* legend) {
    qreal top = area.top();
    if (title) {
        title->setTextWidth(std::max<qreal>(1, area.width() - 2 * kMargin));
        title->setPos(area.left() + kMargin, top + kMargin);
        top += kMargin + title->boundingRect().height();
    }
    qreal bottom = area.bottom();
    if (legend && legend->isVisible()) {
        const qreal height = legend->layOut(std::max<qreal>(1, area.width() - 2 * kMargin));
        bottom -= height + kMargin;
        legend->setPos(area.left() + kMargin, bottom);
    }
    const QRectF grid(area.left(), top, area.width(), std::max<qreal>(1, bottom - top));
    const int count = int(panels.size());
    if (count == 0) return;
    const int columns = panelColumns(count, grid.width(), grid.height());
    const int rows = (count + columns - 1) / columns;
    const qreal width = grid.width() / columns;
    const qreal height = grid.height() / rows;
    for (int i = 0; i < count; ++i) {
        panels[i]->setGeometry(QRectF(grid.left() + (i % columns) * width, grid.top() + (i / columns) * height, width, height));
    }
}

}  // namespace graphlens::ui
