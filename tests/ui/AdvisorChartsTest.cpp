// The advisor in the charts: the predicted speedup beside the measured one (and alone for an advise
// session), and "Where the saved time went" beside the step timeline. Over the synthetic fixtures
// advisor-synthetic-session.json and advisor-synthetic-advise-session.json: hand-picked figures for a
// made-up family on a "synthetic device (not measured)", never measurements (fixtures/README.md).
#include "LegendReadability.h"
#include "results/Session.h"
#include "ui/charts/SavedTimeWaterfall.h"
#include "ui/charts/SavedTimeWaterfallView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/SpeedupSeries.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/timeline/PairRow.h"
#include "ui/timeline/TimelinePanel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QTest>
#include <QToolTip>
#include <catch2/catch.hpp>
#include <cmath>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const char* const kAdvisor = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-session.json";
const char* const kAdvise = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-advise-session.json";

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

std::vector<results::Measurement> rowsOf(const char* fixture) { return results::readAnyResultsFile(fixture).rows; }

const results::Measurement& rowAt(const std::vector<results::Measurement>& rows, const char* arm, int batch) {
    for (const auto& row : rows) {
        if (row.arm == arm && row.batch == batch) return row;
    }
    FAIL("no " << arm << " row at batch " << batch);
    return rows.front();
}

QLineSeries* lineNamed(QChart* chart, const QString& name) {
    for (auto* series : chart->series()) {
        if (series->name() == name) return qobject_cast<QLineSeries*>(series);
    }
    return nullptr;
}

struct ShownSpeedup {
    MeasurementTableModel model;
    SpeedupChartView view;
    explicit ShownSpeedup(const char* fixture) {
        model.resetData(rowsOf(fixture));
        view.setModel(&model);
        view.resize(1000, 560);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
        settle();
    }
};

}  // namespace

TEST_CASE("speedup curves carry the prediction beside the measurement, and alone for an advise session",
          "[ui][chart][advisor]") {
    const auto measured = speedupCurves(rowsOf(kAdvisor));
    REQUIRE(measured.size() == 1);
    CHECK(measured[0].points.size() == 3);
    REQUIRE(measured[0].predicted.size() == 3);
    const auto* at8 = measured[0].predictedAt(8);
    REQUIRE(at8);
    CHECK(at8->speedup == Approx(4.0 / 1.54));
    REQUIRE(at8->errorPct);  // from the graphed row: only it was measured
    CHECK(*at8->errorPct == Approx(100.0 * (1.54 - 1.5) / 1.5));

    const auto advise = speedupCurves(rowsOf(kAdvise));
    REQUIRE(advise.size() == 1);
    CHECK(advise[0].points.empty());  // nothing measured with graphs
    CHECK(advise[0].predicted.size() == 3);  // batch 64 has no prediction (its advice says why)
    CHECK_FALSE(advise[0].predictedAt(8)->errorPct);
    CHECK_FALSE(advise[0].predictedAt(64));
}

TEST_CASE("speedup chart: predicted dashed in the measured curve's colour, named apart in a readable legend",
          "[ui][chart][advisor][legend]") {
    ShownSpeedup f(kAdvisor);
    auto* chart = f.view.chart();
    auto* measured = lineNamed(chart, SpeedupChartView::measuredName());
    auto* predicted = lineNamed(chart, SpeedupChartView::predictedName());
    REQUIRE(measured);
    REQUIRE(predicted);
    CHECK(predicted->pen().style() == Qt::DashLine);
    CHECK(measured->pen().style() == Qt::SolidLine);
    CHECK(predicted->pen().color() == measured->pen().color());  // same colour family per series
    CHECK(predicted->count() == 3);
    CHECK(predicted->at(1).y() == Approx(4.0 / 1.54));
    const QStringList labels = test::expectedLegendLabels(&f.view);
    CHECK(labels.contains(QStringLiteral("measured")));
    CHECK(labels.contains(QStringLiteral("predicted")));
    CHECK(test::legendProblems(&f.view).isEmpty());
    CHECK(test::elidedTexts(&f.view).isEmpty());
}

TEST_CASE("speedup chart: a point's tooltip shows measured, predicted and the prediction's error",
          "[ui][chart][advisor][tooltip]") {
    ShownSpeedup f(kAdvisor);
    REQUIRE(f.view.curves().size() == 1);
    const QString tip = SpeedupChartView::tooltipText(f.view.curves().front(), 8);
    CHECK(tip.contains(QStringLiteral("batch 8: speedup 2.67× (measured)")));
    CHECK(tip.contains(QStringLiteral("predicted 2.60× before capture")));
    CHECK(tip.contains(QStringLiteral("prediction error +2.7%")));
    // Under a real pointer on the dashed line too (its hover is its own).
    auto* chart = f.view.chart();
    auto* predicted = lineNamed(chart, SpeedupChartView::predictedName());
    REQUIRE(predicted);
    const QPoint at = f.view.mapFromScene(chart->mapToScene(chart->mapToPosition(QPointF(8, 4.0 / 1.54), predicted)));
    QTest::mouseMove(f.view.viewport(), QPoint(1, 1));
    settle();
    QTest::mouseMove(f.view.viewport(), at);
    settle();
    REQUIRE(QToolTip::isVisible());
    CHECK(QToolTip::text().contains(QStringLiteral("predicted 2.60×")));
    CHECK(QToolTip::text().contains(QStringLiteral("speedup 2.67× (measured)")));
    QTest::mouseMove(f.view.viewport(), QPoint(1, 1));
}

TEST_CASE("speedup chart of an advise session: the prediction alone, never an empty chart",
          "[ui][chart][advisor][legend]") {
    ShownSpeedup f(kAdvise);
    auto* chart = f.view.chart();
    CHECK(chart->title().contains(QStringLiteral("Predicted")));
    CHECK(chart->title().contains(QStringLiteral("not measured")));
    auto* predicted = lineNamed(chart, SpeedupChartView::predictedName());
    REQUIRE(predicted);
    CHECK(predicted->count() == 3);
    CHECK_FALSE(lineNamed(chart, SpeedupChartView::measuredName()));
    CHECK(f.view.valueLabels() != nullptr);
    const QString tip = SpeedupChartView::tooltipText(f.view.curves().front(), 1);
    CHECK(tip.contains(QStringLiteral("not measured")));
    CHECK(tip.contains(QStringLiteral("predicted")));
    CHECK(test::legendProblems(&f.view).isEmpty());
    CHECK(test::elidedTexts(&f.view).isEmpty());
}

TEST_CASE("saved-time waterfall: from the eager step to the graphed step through every term, unexplained shown",
          "[ui][chart][advisor][waterfall]") {
    const auto rows = rowsOf(kAdvisor);
    const auto& row = rowAt(rows, "graphed", 8);
    const auto waterfall = SavedTimeWaterfall::of(&row);
    CHECK(waterfall.why.isEmpty());
    REQUIRE(waterfall.bars.size() == 7);
    CHECK(waterfall.bars.front().kind == WaterfallBar::Kind::Step);
    CHECK(waterfall.bars.front().high == Approx(2.70));  // relative to the graphed step: no profiled row here
    CHECK_FALSE(waterfall.absolute);
    double total = 0;
    for (std::size_t i = 1; i + 1 < waterfall.bars.size(); ++i) total += waterfall.bars[i].change;
    CHECK(total == Approx(-*row.explain_saved_ms));  // the terms add up to the saved time
    CHECK(waterfall.bars[4].kind == WaterfallBar::Kind::Added);  // the replay's own cost adds time
    CHECK(waterfall.bars[4].label.contains(QStringLiteral("+0.06 ms")));
    CHECK(waterfall.bars[5].kind == WaterfallBar::Kind::Unexplained);
    CHECK(waterfall.bars[5].label.contains(QStringLiteral("unexplained −0.08 ms")));
    CHECK(waterfall.bars.back().high == Approx(0.0).margin(1e-9));

    // With the graphed arm's profiled step known, the bars stand on real step lengths.
    const auto absolute = SavedTimeWaterfall::of(&row, 1.70);
    CHECK(absolute.absolute);
    CHECK(absolute.bars.front().label.contains(QStringLiteral("4.40 ms")));
    CHECK(absolute.bars.back().label.contains(QStringLiteral("1.70 ms")));
}

TEST_CASE("saved-time waterfall: says why when the row has no explain figures", "[ui][chart][advisor][waterfall]") {
    const auto rows = rowsOf(kAdvisor);
    CHECK(SavedTimeWaterfall::of(&rowAt(rows, "graphed", 32)).why.contains(QStringLiteral("no explain_* figures")));
    CHECK(SavedTimeWaterfall::of(&rowAt(rows, "eager", 8)).why.contains(QStringLiteral("eager row")));
    CHECK(SavedTimeWaterfall::of(nullptr).why.contains(QStringLiteral("advise session runs the eager arm only")));
    CHECK(SavedTimeWaterfall::headlineRow(rows) == &rowAt(rows, "graphed", 8));  // the largest speedup with explain_*
    CHECK(SavedTimeWaterfall::headlineRow(rowsOf(kAdvise)) == nullptr);

    SavedTimeWaterfallView view;
    view.setRow(&rowAt(rows, "graphed", 32), rows);
    CHECK_FALSE(view.showsChart());
    CHECK(view.emptyStateLabel()->text().contains(QStringLiteral("one profiled step of each arm")));
    CHECK(view.emptyStateLabel()->text().contains(QStringLiteral("no explain_* figures")));
}

TEST_CASE("saved-time waterfall view: labelled with how it was measured, legend and bar labels whole",
          "[ui][chart][advisor][waterfall][legend]") {
    const auto rows = rowsOf(kAdvisor);
    SavedTimeWaterfallView view;
    view.setRow(&rowAt(rows, "graphed", 8), rows);
    view.resize(view.minimumSizeHint().width(), 420);  // the narrowest the timeline's splitter lets it be
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    settle();
    REQUIRE(view.showsChart());
    auto* chart = view.chartView()->chart();
    CHECK(chart->title() == QStringLiteral("Where the saved time went, batch 8"));
    bool axisSaysHow = false;
    for (auto* axis : chart->axes()) axisSaysHow = axisSaysHow || axis->titleText().contains(QStringLiteral("one profiled step of each arm"));
    CHECK(axisSaysHow);
    const QStringList labels = test::expectedLegendLabels(view.chartView());
    CHECK(labels.contains(QStringLiteral("time saved")));
    CHECK(labels.contains(QStringLiteral("time added")));
    CHECK(labels.contains(QStringLiteral("unexplained")));
    CHECK_FALSE(labels.contains(QString()));  // the invisible base set takes no entry
    const QStringList problems = test::legendProblems(view.chartView());
    INFO(problems.join(QLatin1Char('\n')).toStdString());
    CHECK(problems.isEmpty());
    const QStringList elided = test::elidedTexts(view.chartView());
    INFO(elided.join(QStringLiteral(" | ")).toStdString());
    CHECK(elided.isEmpty());
}

TEST_CASE("timeline: the waterfall beside it explains the graphed row of the pair shown", "[ui][timeline][advisor]") {
    // The synthetic trace format fixture, its family renamed to the advisor fixture's.
    QFile file(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/synthetic-trace-format.json"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    QByteArray json = file.readAll();
    json.replace("synthetic batch ", "synthnet batch ");
    json.replace(" contiguous ", " nchw ");
    QString error;
    auto trace = StepTrace::fromJson(json, QStringLiteral("renamed.trace.json"), &error);
    INFO(error.toStdString());
    REQUIRE(trace);
    const auto rows = rowsOf(kAdvisor);
    const StepPair* pair8 = nullptr;
    for (const auto& pair : trace->pairs()) {
        if (pair.batch == 8) pair8 = &pair;
    }
    REQUIRE(pair8);
    CHECK(graphedRowOfPair(rows, *pair8) == &rowAt(rows, "graphed", 8));

    TimelinePanel panel;
    panel.setRowSource([&rows]() -> const std::vector<results::Measurement>& { return rows; });
    panel.setTrace(*trace);
    panel.pairChooser()->setCurrentIndex(int(pair8 - trace->pairs().data()));
    CHECK(panel.waterfall()->showsChart());
    CHECK(panel.waterfall()->waterfall().batch == 8);
    // A trace of another family: no row to explain, and the empty state says why.
    TimelinePanel other;
    other.setRowSource([&rows]() -> const std::vector<results::Measurement>& { return rows; });
    REQUIRE(other.loadTraceFile(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/synthetic-trace-format.json"), &error));
    CHECK_FALSE(other.waterfall()->showsChart());
    CHECK(other.waterfall()->emptyStateLabel()->text().contains(QStringLiteral("No graphed row")));
    CHECK_FALSE(other.waterfall()->isHidden());
    // A trace opened without its session: nothing to explain, so the timeline keeps the whole width.
    TimelinePanel alone;
    REQUIRE(alone.loadTraceFile(QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/synthetic-trace-format.json"), &error));
    CHECK(alone.waterfall()->isHidden());
}
