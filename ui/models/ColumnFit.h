#pragma once
// Columns that grow to fit rows as they stream in: QTableView::resizeColumnsToContents measures up
// to a thousand rows of every column, about a tenth of a second per streamed row once the table is
// large; this measures only the new rows and never narrows a column the user may have widened.
#include <vector>

class QTableView;

namespace graphlens::ui {

// Widens each column of `view` that is narrower than the cells of the given rows (rows of the
// view's own model) need.
void widenColumnsToFit(QTableView* view, const std::vector<int>& rows);

}  // namespace graphlens::ui
