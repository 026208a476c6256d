// Streamed rows widen the table's columns they need, and only those.
#include "TestRows.h"
#include "ui/models/ColumnFit.h"
#include "ui/models/MeasurementTableModel.h"

#include <QTableView>
#include <catch2/catch.hpp>

using graphlens::ui::MeasurementTableModel;
using namespace graphlens::ui::test;

TEST_CASE("column fit widens the columns a new row needs and never narrows one", "[ui][models]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());
    QTableView view;
    view.setModel(&model);
    view.setColumnWidth(MeasurementTableModel::Family, 30);
    view.setColumnWidth(MeasurementTableModel::Phase, 500);
    const int batchWidth = view.columnWidth(MeasurementTableModel::Batch);

    auto row = eagerRow(8, 2.0);
    row.family = "efficientnet_b0-with-a-long-custom-name";
    model.appendRow(row);
    const int added = model.rowCount() - 1;
    graphlens::ui::widenColumnsToFit(&view, {added});

    const int needed = view.sizeHintForIndex(model.index(added, MeasurementTableModel::Family)).width();
    CHECK(needed > 30);
    CHECK(view.columnWidth(MeasurementTableModel::Family) >= needed);
    CHECK(view.columnWidth(MeasurementTableModel::Phase) == 500);  // wide enough already: left alone
    CHECK(view.columnWidth(MeasurementTableModel::Batch) >= batchWidth);
    graphlens::ui::widenColumnsToFit(&view, {});  // nothing to measure: nothing changes
    CHECK(view.columnWidth(MeasurementTableModel::Phase) == 500);
}
