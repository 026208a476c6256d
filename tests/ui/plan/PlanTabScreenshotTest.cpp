// The Plan tab in the window at its default size over the real H200 session in fixtures/ (its
// measured inference rows at batches 1, 8 and 32) and a synthetic request mix written here: drawn
// (a non-empty grab) with its chart's legend entries and axis titles whole (LegendReadability).
// With GRAPHLENS_PLAN_TAB_PNG set, the grab is also saved there to be looked at.
#include "LegendReadability.h"
#include "PlanTestSession.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartExport.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/plan/PlanCurveChart.h"
#include "ui/plan/PlanFiguresForm.h"
#include "ui/plan/PlanOutcome.h"
#include "ui/plan/PlanTab.h"

#include <QCoreApplication>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens::ui;

namespace {

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// Is `text` drawn whole as one text item of the view's scene (Qt draws an elided axis title as another text)?
bool drawnWhole(QGraphicsView* view, const QString& text) {
    const auto items = view->scene()->items();
    for (auto* item : items) {
        auto* drawn = dynamic_cast<QGraphicsTextItem*>(item);
        if (drawn && drawn->isVisible() && drawn->toPlainText() == text) return true;
    }
    return false;
}

bool hasSeveralColours(const QImage& image) {
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            if (image.pixel(x, y) != first) return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE("the Plan tab at the default window size draws its chart with a legend and axis titles read whole",
          "[ui][plan][screenshot]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    REQUIRE(window.openFile(
        QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-release-infer-train-session.json")));
    auto* tabs = window.findChild<ChartsPanel*>();
    auto* plan = window.findChild<PlanTab*>();
    REQUIRE(tabs);
    REQUIRE(plan);
    REQUIRE(tabs->tabText(tabs->indexOf(plan)) == QStringLiteral("Plan"));
    // Synthetic demand within the measured batches 1 to 32.
    REQUIRE(plan->loadMix(
        test::writeMix(dir.path(), QStringLiteral("synthetic-mix.txt"), test::syntheticMixText())));
    tabs->setCurrentWidget(plan);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    settle();
    CHECK(window.size() == QSize(1400, 880));  // MainWindow's default: what a first start shows
    REQUIRE(plan->showsPlan());
    REQUIRE(plan->outcome().plan);
    CHECK(plan->figures()->showsFigures());
    CHECK(plan->costsCaption()->text().contains(QStringLiteral("step scope")));

    const QImage image = plan->grab().toImage();
    REQUIRE_FALSE(image.isNull());
    CHECK(image.width() >= 600);
    CHECK(image.height() >= 250);
    CHECK(hasSeveralColours(image));
    if (const QByteArray out = qgetenv("GRAPHLENS_PLAN_TAB_PNG"); !out.isEmpty()) {
        CHECK(image.save(QString::fromLocal8Bit(out)));
    }

    auto* chart = plan->chart();
    INFO("chart at " << chart->width() << "×" << chart->height());
    CHECK(chart->isVisible());
    const QStringList labels = test::expectedLegendLabels(chart);
    CHECK(labels.size() == 3);  // the front, the budget, the chosen plan
    const QStringList problems = test::legendProblems(chart);
    INFO(problems.join(QLatin1Char('\n')).toStdString());
    CHECK(problems.isEmpty());
    const QStringList elided = test::elidedTexts(chart);
    INFO("elided: " << elided.join(QStringLiteral(" | ")).toStdString());
    CHECK(elided.isEmpty());
    // The axis titles and the chart's title are drawn whole, as set.
    CHECK(drawnWhole(chart, QStringLiteral("VRAM budget for the graphs' shared pool (MiB)")));
    CHECK(drawnWhole(chart, QStringLiteral("Mean latency (ms)")));
    CHECK(drawnWhole(chart, QStringLiteral("Expected mean latency vs VRAM budget")));

    // Its SVG export (the chart's right-click menu) holds each legend entry whole, as text.
    const QString svgPath = dir.filePath(QStringLiteral("plan.svg"));
    QString error;
    REQUIRE(exportChartSvg(chart, svgPath, &error));
    QFile svgFile(svgPath);
    REQUIRE(svgFile.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(svgFile.readAll());
    for (const auto& label : labels) {
        INFO("entry " << label.toStdString());
        CHECK(svg.contains(QLatin1Char('>') + label.toHtmlEscaped() + QLatin1Char('<')));
    }
    CHECK_FALSE(svg.contains(QChar(0x2026)));  // "…"
}
