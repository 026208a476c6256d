// Tooltips with exact values under a real pointer: the pointer is moved with QTest::mouseMove,
// which goes through the platform (QCursor::setPos on the offscreen platform sends the window a
// mouse move), so the chart's own hover handling decides what is under it. Emitting a series'
// hovered() signal by hand passed while no tooltip ever showed under a pointer: a helper series
// drawn over the curves (the speedup's value labels, the phases' network markers) took the hover.
#include "results/Session.h"
#include "ui/charts/ChartSeries.h"
#include "ui/charts/LaunchOverheadChartView.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/models/MeasurementTableModel.h"

#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QTest>
#include <QToolTip>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const char* const kSession = GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json";
const char* const kInferTrain = GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json";
// One batch: every curve is a single point, which Qt Charts' line series cannot be hovered on.
const char* const kOneBatch = GRAPHLENS_UI_FIXTURE_DIR "/yolo-t-h200-b1-session.json";

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// A chart view over a real session, shown as a window of its own (the pointer needs an exposed window).
template <typename View>
struct Shown {
    MeasurementTableModel model;
    View view;
    explicit Shown(const char* fixture) {
        model.resetData(results::readAnyResultsFile(fixture).rows);
        view.setModel(&model);
        view.resize(1000, 560);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
        settle();
    }
};

// The tooltip after the pointer moves onto `value` of `series` (in `chart` of `view`): first to a
// corner off every series, so that the hover enters the series' item, then onto the point.
QString tooltipAt(QChartView* view, QChart* chart, QAbstractSeries* series, QPointF value) {
    QToolTip::hideText();
    settle();
    const QPoint at = view->mapFromScene(chart->mapToScene(chart->mapToPosition(value, series)));
    REQUIRE(view->viewport()->rect().contains(at));
    QTest::mouseMove(view->viewport(), QPoint(1, 1));
    settle();
    QTest::mouseMove(view->viewport(), at);
    settle();
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

template <typename T>
T* seriesOf(QChart* chart, const QString& name = {}) {
    for (auto* series : chart->series()) {
        auto* typed = qobject_cast<T*>(series);
        if (typed && (name.isEmpty() || series->name() == name)) return typed;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("speedup chart: the pointer on a point shows its exact speedup and interval", "[ui][chart][tooltip]") {
    const char* fixture = GENERATE(kSession, kOneBatch);
    INFO(fixture);
    Shown<SpeedupChartView> f(fixture);
    auto* chart = f.view.chart();
    REQUIRE(f.view.curves().size() == 1);
    const auto& curve = f.view.curves().front();
    auto* line = seriesOf<QLineSeries>(chart, QStringLiteral("speedup"));
    REQUIRE(line);
    for (const auto& point : curve.points) {
        INFO("batch " << point.batch);
        const QString tip = tooltipAt(&f.view, chart, line, QPointF(point.batch, point.speedup));
        CHECK(tip.contains(QStringLiteral("batch %1: speedup %2×").arg(point.batch).arg(point.speedup, 0, 'f', 2)));
        CHECK(tip.contains(QString::fromStdString(curve.label())));  // the whole key, not only the legend's name
        REQUIRE(point.ciLow);
        CHECK(tip.contains(QStringLiteral("95% CI %1 – %2").arg(*point.ciLow, 0, 'f', 2).arg(*point.ciHigh, 0, 'f', 2)));
    }
    // Off every series the tooltip goes (QToolTip hides after a short delay).
    QTest::mouseMove(f.view.viewport(), QPoint(1, 1));
    CHECK(QTest::qWaitFor([] { return !QToolTip::isVisible(); }, 2000));
}

TEST_CASE("phases chart: the pointer on a bar segment and on a network marker shows exact values",
          "[ui][chart][tooltip]") {
    const char* fixture = GENERATE(kSession, kOneBatch);
    INFO(fixture);
    Shown<PhasesChartView> f(fixture);
    auto* chart = f.view.chart();
    auto* stacked = seriesOf<QStackedBarSeries>(chart);
    auto* network = seriesOf<QScatterSeries>(chart, PhasesChartView::networkSeriesName());
    REQUIRE(stacked);
    REQUIRE(network);
    const auto& bars = f.view.bars();
    REQUIRE(bars.size() >= 2);
    // The forward segment of every bar (set 1: data, forward, postprocess), at its middle.
    const size_t forward = 1;
    REQUIRE(f.view.phases()[forward] == "forward_ms");
    for (size_t b = 0; b < bars.size(); ++b) {
        INFO("bar " << b);
        REQUIRE(bars[b].phaseMs[forward]);
        const double below = bars[b].phaseMs[0].value_or(0.0);
        const double middle = below + *bars[b].phaseMs[forward] / 2;
        const QString tip = tooltipAt(&f.view, chart, stacked, QPointF(double(b), middle));
        CHECK(tip.contains(PhasesChartView::barName(bars[b])));
        CHECK(tip.contains(QStringLiteral("forward: %1 ms").arg(exactNumber(*bars[b].phaseMs[forward], 4))));
    }
    // The network fraction marker of each eager bar.
    REQUIRE(network->count() == int(bars.size()) / 2);  // one per eager bar
    for (int i = 0; i < network->count(); ++i) {
        const QPointF marker = network->at(i);
        const auto& bar = bars[size_t(std::lround(marker.x() - 0.5))];
        INFO("marker " << i);
        REQUIRE(bar.networkFraction);
        const QString tip = tooltipAt(&f.view, chart, network, marker);
        CHECK(tip.contains(QStringLiteral("network fraction %1% of the eager step").arg(exactNumber(100.0 * *bar.networkFraction, 2))));
    }
}

TEST_CASE("small multiples: the pointer on a point of any panel shows its exact value", "[ui][chart][tooltip]") {
    SECTION("step time, training panel") {
        Shown<StepTimeChartView> f(kInferTrain);
        auto* panel = f.view.trainingPanel();
        REQUIRE(panel->isVisible());
        auto* line = seriesOf<QLineSeries>(panel);
        REQUIRE(line);
        REQUIRE(line->count() == 1);
        const QPointF point = line->at(0);
        const QString tip = tooltipAt(&f.view, panel, line, point);
        INFO("tooltip: " << tip.toStdString() << "; series " << line->name().toStdString());
        CHECK(tip.contains(QStringLiteral("batch %1: %2").arg(point.x()).arg(exactNumber(point.y()))));
    }
    SECTION("launch overhead, GPU idle panel") {
        Shown<LaunchOverheadChartView> f(kSession);
        auto* panel = f.view.panel(2);
        auto* line = seriesOf<QLineSeries>(panel, QStringLiteral("graphed"));
        REQUIRE(line);
        REQUIRE(line->count() == 2);
        const QPointF point = line->at(1);
        const QString tip = tooltipAt(&f.view, panel, line, point);
        CHECK(tip.contains(QStringLiteral("batch 8: %1 % of the step").arg(exactNumber(point.y()))));
        CHECK(tip.contains(QStringLiteral("GPU idle")));
    }
}
