// Charts at volume: a session of many models charts a few series (ChartedRows), the family chosen
// in the filter bar charts that family, streamed rows redraw a shown chart once per interval and a
// hidden one when it is shown (RedrawSchedule), and interval whiskers are one item, not series.
#include "TestRows.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartedRows.h"
#include "ui/charts/ReplaysChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/models/MeasurementFilterBar.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/models/RedrawSchedule.h"
#include "ui/report/SummaryCardWidget.h"

#include <QChart>
#include <QComboBox>
#include <QTest>
#include <catch2/catch.hpp>
#include <string>

using graphlens::results::Measurement;
using graphlens::ui::ChartedRows;
using graphlens::ui::kMaxChartedSeries;
using graphlens::ui::MeasurementTableModel;
using graphlens::ui::RedrawSchedule;
using namespace graphlens::ui::test;

namespace {

// `families` copies of a three-batch sweep, families "net-01", "net-02", ...
std::vector<Measurement> manyFamilies(int families) {
    std::vector<Measurement> rows;
    for (int f = 1; f <= families; ++f) {
        for (auto row : threeBatchSweep()) {
            row.family = (f < 10 ? "net-0" : "net-") + std::to_string(f);
            rows.push_back(row);
        }
    }
    return rows;
}

}  // namespace

TEST_CASE("charted rows: every row up to the cap, then the first series and a note", "[ui][chart][volume]") {
    const auto few = manyFamilies(kMaxChartedSeries);
    const ChartedRows all(few, "");
    CHECK(&all.rows() == &few);  // nothing left out: the model's rows, not a copy
    CHECK(all.note().isEmpty());

    const auto many = manyFamilies(40);
    const ChartedRows capped(many, "");
    CHECK(capped.shownSeries() == kMaxChartedSeries);
    CHECK(capped.totalSeries() == 40);
    CHECK(capped.rows().size() == size_t(kMaxChartedSeries) * threeBatchSweep().size());
    CHECK(capped.rows().front().family == "net-01");
    CHECK(capped.rows().back().family == "net-06");
    CHECK(capped.note() == QStringLiteral("6 of 40 series shown; choose a family in the filter bar below"));

    const ChartedRows chosen(many, "net-17");
    CHECK(chosen.totalSeries() == 1);
    CHECK(chosen.note().isEmpty());
    REQUIRE(chosen.rows().size() == threeBatchSweep().size());
    for (const auto& row : chosen.rows()) CHECK(row.family == "net-17");
    CHECK(ChartedRows(many, "no-such-family").rows().empty());
}

TEST_CASE("a 40-model session charts 6 series with a note, and the filter bar's family charts that one", "[ui][chart][volume]") {
    graphlens::ui::MainWindow window;
    window.show();
    window.model()->resetData(manyFamilies(40));
    auto* speedup = window.speedupChart();
    CHECK(speedup->curves().size() == size_t(kMaxChartedSeries));
    CHECK(speedup->chart()->title().contains(QStringLiteral("6 of 40 series shown")));

    auto* box = window.filterBar()->familyBox();
    const int net17 = box->findData(QStringLiteral("net-17"));
    REQUIRE(net17 > 0);
    box->setCurrentIndex(net17);
    REQUIRE(speedup->curves().size() == 1);
    CHECK(speedup->curves().front().family == "net-17");
    CHECK_FALSE(speedup->chart()->title().contains(QStringLiteral("series shown")));
    // A tab in the background redraws for the new family when it is shown, not before.
    CHECK(window.stepTimeChart()->redrawPending());
    window.stepTimeChart()->redrawIfPending();
    CHECK(window.stepTimeChart()->curves().size() == 1);
    CHECK(window.summaryCard()->sentences().size() == 1);
    CHECK(window.summaryCard()->sentences().front().contains(QStringLiteral("net-17")));

    box->setCurrentIndex(0);  // all families again
    CHECK(speedup->curves().size() == size_t(kMaxChartedSeries));
}

TEST_CASE("streamed rows redraw a shown view once per interval and a hidden one when it is shown", "[ui][chart][volume]") {
    QWidget view;
    int redraws = 0;
    RedrawSchedule schedule(&view, [&] { ++redraws; });
    MeasurementTableModel model;
    schedule.watch(&model);

    model.resetData(threeBatchSweep());  // a reset (a session opened) redraws at once, shown or not
    CHECK(redraws == 1);

    for (int i = 0; i < 50; ++i) model.appendRow(eagerRow(64 + i, 1.0));  // hidden: nothing yet
    QTest::qWait(2 * RedrawSchedule::kStreamIntervalMs);
    CHECK(redraws == 1);
    CHECK(schedule.pending());
    view.show();  // shown: the pending redraw happens, once
    CHECK(redraws == 2);
    CHECK_FALSE(schedule.pending());

    for (int i = 0; i < 50; ++i) model.appendRow(eagerRow(128 + i, 1.0));  // shown: coalesced
    CHECK(redraws == 2);
    REQUIRE(QTest::qWaitFor([&] { return redraws == 3; }, 1000));
    QTest::qWait(2 * RedrawSchedule::kStreamIntervalMs);
    CHECK(redraws == 3);  // fifty rows, one redraw

    model.appendRow(eagerRow(512, 1.0));
    schedule.flush();  // before an export: at once
    CHECK(redraws == 4);
}

TEST_CASE("interval whiskers are drawn by one item, not as line series", "[ui][chart][volume]") {
    MeasurementTableModel model;
    model.resetData(threeBatchSweep());  // speedup and step-time intervals at batches 1, 8, 32
    graphlens::ui::SpeedupChartView speedup;
    graphlens::ui::StepTimeChartView stepTime;
    speedup.setModel(&model);
    stepTime.setModel(&model);
    int withInterval = 0;
    for (const auto& p : speedup.curves().front().points) withInterval += p.ciLow && p.ciHigh ? 1 : 0;
    REQUIRE(withInterval > 0);
    CHECK(speedup.whiskerCount() == withInterval);
    // One curve and the 1x line (the value labels are one item too): no series per whisker.
    CHECK(speedup.chart()->series().size() == 2);
    CHECK(stepTime.whiskerCount() == 6);  // eager and graphed at three batches
    CHECK(stepTime.allSeries().size() == 2);
}
