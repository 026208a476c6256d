#include "ui/charts/ChartPanelLayout.h"

#include "ui/charts/ChartLegendItem.h"

#include <QChart>
#include <QGraphicsTextItem>
#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {
constexpr qreal kMargin = 6;
constexpr qreal kPreferredAspect = 1.6;  // width over height of a panel that reads best
}  // namespace

int panelColumns(int count, qreal width, qreal height) {
    if (count <= 1 || width <= 0 || height <= 0) return 1;
    int best = 1;
    double bestScore = 1e9;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        const double aspect = (width / columns) / (height / rows);
        const double score = std::abs(std::log(aspect / kPreferredAspect));
        if (score < bestScore - 1e-9) {
            best = columns;
            bestScore = score;
        }
    }
    return best;
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
