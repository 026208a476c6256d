#include "ui/models/ColumnFit.h"

#include <QAbstractItemModel>
#include <QTableView>

namespace graphlens::ui {

void widenColumnsToFit(QTableView* view, const std::vector<int>& rows) {
    const auto* model = view->model();
    if (!model || rows.empty()) return;
    const int grid = view->showGrid() ? 1 : 0;  // as QTableView::sizeHintForColumn counts it
    for (int column = 0; column < model->columnCount(); ++column) {
        if (view->isColumnHidden(column)) continue;
        int needed = 0;
        for (const int row : rows) {
            needed = std::max(needed, view->sizeHintForIndex(model->index(row, column)).width() + grid);
        }
        if (needed > view->columnWidth(column)) view->setColumnWidth(column, needed);
    }
}

}  // namespace graphlens::ui
