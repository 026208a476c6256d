// Pointing at rows of the results table marks their points in the charts: the row is mapped
// through the table's sort/filter proxy, and every chart marks the point of that
// family·precision·phase·scope at that batch (QXYSeries::selectedPoints / QBarSet::selectedBars).
#include "TestRows.h"
#include "ui/MainWindow.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/charts/VramChartView.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"

#include <QBarSet>
#include <QChart>
#include <QItemSelectionModel>
#include <QPointer>
#include <QStackedBarSeries>
#include <QTableView>
#include <QXYSeries>
#include <catch2/catch.hpp>

using graphlens::ui::MainWindow;
using graphlens::ui::MeasurementTableModel;
using Measurement = graphlens::results::Measurement;
using namespace graphlens::ui::test;

namespace {

QXYSeries* seriesNamed(QChart* chart, const QString& name) {
    const auto all = chart->series();
    for (auto* series : all) {
        if (series->name() == name) return qobject_cast<QXYSeries*>(series);
    }
    return nullptr;
}

QList<int> selected(QChart* chart, const QString& name) {
    auto* series = seriesNamed(chart, name);
    REQUIRE(series != nullptr);
    auto points = series->selectedPoints();
    std::sort(points.begin(), points.end());
    return points;
}

// The table row (of the proxy the view shows) of the row with this batch and arm.
int tableRowOf(const MainWindow& window, int batch, const std::string& arm, const std::string& scope = {}) {
    const auto* proxy = window.tableProxy();
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const auto* m = proxy->measurementAt(proxy->index(row, 0));
        if (m && m->batch == batch && m->arm == arm && (scope.empty() || m->scope == scope)) return row;
    }
    return -1;
}

void selectTableRow(MainWindow& window, int row) {
    window.table()->selectionModel()->select(window.tableProxy()->index(row, 0),
                                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

}  // namespace

TEST_CASE("selecting a table row highlights its point in every chart, through the sorted proxy",
          "[ui][models][highlight]") {
    MainWindow window;
    REQUIRE(window.table()->model() == window.tableProxy());
    window.model()->resetData(threeBatchSweep());
    std::vector<Measurement> emitted;
    QObject::connect(&window, &MainWindow::selectedMeasurementsChanged,
                     [&](const std::vector<Measurement>& rows) { emitted = rows; });

    // Sorted by batch, largest first: a table row is not the model row any more.
    window.table()->sortByColumn(MeasurementTableModel::Batch, Qt::DescendingOrder);
    const int row = tableRowOf(window, 32, "graphed");
    REQUIRE(row >= 0);
    REQUIRE(window.tableProxy()->mapToSource(window.tableProxy()->index(row, 0)).row() != row);
    selectTableRow(window, row);
    REQUIRE(emitted.size() == 1);
    CHECK(emitted.front().batch == 32);
    CHECK(emitted.front().arm == "graphed");

    auto* speedup = window.speedupChart()->chart();
    // Small multiples: the panel that holds each quantity (series are named by what differs there).
    auto* stepTime = window.stepTimeChart()->inferencePanel();
    auto* replays = window.findChild<graphlens::ui::ReplaysChartView*>()->countsPanel();
    auto* vram = window.findChild<graphlens::ui::VramChartView*>()->peaksPanel();
    // Batches 1, 8, 32: batch 32 is point 2 of each curve.
    CHECK(selected(speedup, QStringLiteral("speedup")) == QList<int>{2});
    CHECK(selected(stepTime, QStringLiteral("graphed")) == QList<int>{2});
    CHECK(selected(stepTime, QStringLiteral("eager")).isEmpty());
    CHECK(selected(replays, QStringLiteral("graph replays")) == QList<int>{2});
    CHECK(selected(vram, QStringLiteral("graphed")) == QList<int>{2});
    CHECK(selected(vram, QStringLiteral("eager")).isEmpty());
    // The mark is a larger marker on that point only.
    auto* curve = seriesNamed(speedup, QStringLiteral("speedup"));
    const auto size = curve->pointConfiguration(2).value(QXYSeries::PointConfiguration::Size);
    CHECK(size.toDouble() > curve->markerSize());
    CHECK_FALSE(curve->pointConfiguration(0).contains(QXYSeries::PointConfiguration::Size));

    // Another row moves the mark: the eager row at 8 is the speedup's and the eager curves' point 1.
    selectTableRow(window, tableRowOf(window, 8, "eager"));
    CHECK(selected(speedup, QStringLiteral("speedup")) == QList<int>{1});
    CHECK(selected(stepTime, QStringLiteral("eager")) == QList<int>{1});
    CHECK(selected(stepTime, QStringLiteral("graphed")).isEmpty());
    CHECK(selected(replays, QStringLiteral("graph replays")).isEmpty());  // graphed rows only
    CHECK(selected(vram, QStringLiteral("eager")) == QList<int>{1});
    curve = seriesNamed(speedup, QStringLiteral("speedup"));
    CHECK_FALSE(curve->pointConfiguration(2).contains(QXYSeries::PointConfiguration::Size));

    // The mark survives a redraw as rows stream in (the series are new ones).
    selectTableRow(window, tableRowOf(window, 8, "graphed"));
    window.model()->appendRow(eagerRow(64, 18.0));
    CHECK(selected(speedup, QStringLiteral("speedup")) == QList<int>{1});
    CHECK(selected(vram, QStringLiteral("graphed")) == QList<int>{1});

    // Filtering the table redraws no chart (the same series objects stay) and keeps the mark.
    const QPointer<QXYSeries> before = seriesNamed(speedup, QStringLiteral("speedup"));
    window.tableProxy()->setArmFilter(QStringLiteral("eager"));
    window.tableProxy()->setArmFilter({});
    CHECK(before);
    CHECK(seriesNamed(speedup, QStringLiteral("speedup")) == before.data());

    // Nothing selected, nothing marked; a reset (another file) clears the mark too.
    window.table()->clearSelection();
    CHECK(emitted.empty());
    CHECK(selected(speedup, QStringLiteral("speedup")).isEmpty());
    selectTableRow(window, tableRowOf(window, 1, "graphed"));
    CHECK(selected(speedup, QStringLiteral("speedup")) == QList<int>{0});
    window.model()->resetData(threeBatchSweep());
    CHECK(emitted.empty());
    CHECK(selected(speedup, QStringLiteral("speedup")).isEmpty());
}

TEST_CASE("selecting a training row highlights its bar in the phases chart", "[ui][models][highlight]") {
    MainWindow window;
    window.model()->resetData(twoScopeTraining());
    auto* phasesView = window.findChild<graphlens::ui::PhasesChartView*>();
    REQUIRE(phasesView != nullptr);
    const auto& bars = phasesView->bars();
    int expected = -1;
    for (size_t b = 0; b < bars.size(); ++b) {
        if (bars[b].key.scope == "network" && bars[b].arm == "graphed") expected = int(b);
    }
    REQUIRE(expected >= 0);

    selectTableRow(window, tableRowOf(window, 8, "graphed", "network"));
    QStackedBarSeries* stacked = nullptr;
    const auto all = phasesView->chart()->series();
    for (auto* series : all) {
        if (auto* s = qobject_cast<QStackedBarSeries*>(series)) stacked = s;
    }
    REQUIRE(stacked != nullptr);
    REQUIRE_FALSE(stacked->barSets().isEmpty());
    for (auto* set : stacked->barSets()) CHECK(set->selectedBars() == QList<int>{expected});
    // The step-scope graphed row is another bar.
    selectTableRow(window, tableRowOf(window, 8, "graphed", "step"));
    for (auto* set : stacked->barSets()) {
        CHECK(set->selectedBars().size() == 1);
        CHECK_FALSE(set->selectedBars().contains(expected));
    }
}
