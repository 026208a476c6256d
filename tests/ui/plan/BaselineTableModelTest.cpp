// The baselines' table model under Qt's model checker, and what its cells say.
#include "planning/CapturePlanner.h"
#include "ui/plan/BaselineTableModel.h"

#include <QAbstractItemModelTester>
#include <catch2/catch.hpp>

using graphlens::ui::BaselineTableModel;
namespace planning = graphlens::planning;

TEST_CASE("the baseline table model passes Qt's model checks and prints each baseline", "[ui][plan][model]") {
    BaselineTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    // Made-up figures (synthetic): two baselines, one over the budget with sizes left out.
    planning::Baseline none;
    none.name = "no graphs";
    none.figures.meanMs = 2.5;
    none.figures.p99Ms = 4.25;
    planning::Baseline powers;
    powers.name = "powers of two";
    powers.figures.captured = {{0, 32}, {0, 1}};
    powers.figures.meanMs = 1.125;
    powers.figures.p99Ms = 3.5;
    powers.figures.poolMiB = 140.5;
    powers.figures.poolIsUpperBound = true;
    powers.fitsBudget = false;
    powers.unmeasured = {"64"};
    model.resetData({none, powers});
    REQUIRE(model.rowCount() == 2);
    REQUIRE(model.columnCount() == BaselineTableModel::ColumnCount);
    const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    CHECK(text(0, BaselineTableModel::Captured) == QStringLiteral("none"));
    CHECK(text(0, BaselineTableModel::Pool) == QStringLiteral("0.0 MiB"));
    CHECK(text(0, BaselineTableModel::Fits) == QStringLiteral("yes"));
    CHECK(text(1, BaselineTableModel::Name) == QStringLiteral("powers of two"));
    CHECK(text(1, BaselineTableModel::Captured) == QStringLiteral("32, 1"));
    CHECK(text(1, BaselineTableModel::Mean) == QStringLiteral("1.125 ms"));
    CHECK(text(1, BaselineTableModel::P99) == QStringLiteral("3.500 ms"));
    CHECK(text(1, BaselineTableModel::Pool) == QStringLiteral("140.5 MiB (upper bound)"));
    CHECK(text(1, BaselineTableModel::Fits) == QStringLiteral("no"));
    CHECK(text(1, BaselineTableModel::Unmeasured) == QStringLiteral("64"));
    CHECK_FALSE(model.index(1, BaselineTableModel::Unmeasured).data(Qt::ToolTipRole).toString().isEmpty());
    CHECK(model.headerData(BaselineTableModel::Fits, Qt::Horizontal).toString() ==
          QStringLiteral("Fits budget"));
    model.resetData({});
    CHECK(model.rowCount() == 0);
}
