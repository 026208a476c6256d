// Every chart must be readable at the default window size and in every export: no legend entry
// elided (the review found "yolo-t · fp1…" twelve times on the step-time, replays, VRAM, launch
// overhead and "vs baseline" charts), series named by what differs between them, the shared part
// in the title. Over the real H200 sessions in fixtures/.
#include "LegendReadability.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartExport.h"
#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/ModelChartView.h"
#include "ui/charts/StepTimeChartView.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/session/BaselineController.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QLegend>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

const QString kFixtures = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR);

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

QString svgOf(QChartView* view, const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("chart.svg"));
    QString error;
    REQUIRE(exportChartSvg(view, path, &error));
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return QString::fromUtf8(file.readAll());
}

// Every chart tab of a window at its default size over `session` (and, when given, the "vs
// baseline" tab against `baseline`): each legend entry drawn whole in the window, and written whole
// as text in the chart's SVG export. Returns how many charts were checked.
int checkEveryChart(const QString& session, const QString& baseline = {}) {
    MainWindow window;
    if (!baseline.isEmpty()) {  // the README's flow: the baseline shown and kept, then the session opened
        REQUIRE(window.openFile(baseline));
        window.baseline()->setShownSessionAsBaseline();
    }
    REQUIRE(window.openFile(session));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    settle();
    CHECK(window.size() == QSize(1400, 880));  // MainWindow's default: what a first start shows
    auto* tabs = window.findChild<ChartsPanel*>();
    REQUIRE(tabs);
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    int checked = 0;
    for (int i = 0; i < tabs->count(); ++i) {
        auto* view = qobject_cast<ModelChartView*>(tabs->widget(i));
        if (!view) continue;  // the Timeline tab
        tabs->setCurrentIndex(i);
        settle();
        INFO(QFileInfo(session).fileName().toStdString() << ", tab " << tabs->tabText(i).toStdString() << " at "
                                                         << view->width() << "×" << view->height());
        const QStringList labels = expectedLegendLabels(view);
        CHECK_FALSE(labels.isEmpty());
        const QStringList problems = legendProblems(view);
        INFO(problems.join(QLatin1Char('\n')).toStdString());
        CHECK(problems.isEmpty());
        // Nor is any other text of the chart cut short: axis labels and titles, panel titles.
        const QStringList elided = elidedTexts(view);
        INFO("elided: " << elided.join(QStringLiteral(" | ")).toStdString());
        CHECK(elided.isEmpty());
        // The SVG holds each entry as text, whole; nothing in it is elided.
        const QString svg = svgOf(view, dir);
        for (const auto& label : labels) {
            INFO("entry " << label.toStdString());
            CHECK(svg.contains(QLatin1Char('>') + label.toHtmlEscaped() + QLatin1Char('<')));
        }
        CHECK_FALSE(svg.contains(QChar(0x2026)));  // "…"
        ++checked;
    }
    return checked;
}

}  // namespace

TEST_CASE("the legend check catches Qt's own one-row legend eliding long names", "[ui][chart][legend]") {
    // What the charts drew before: twelve long names in Qt's legend below a 1000 px chart.
    QChartView view;
    auto* chart = view.chart();
    for (int i = 0; i < 12; ++i) {
        auto* line = new QLineSeries;
        line->setName(QStringLiteral("yolo-t · fp16 · nchw · infer · step: curve %1").arg(i));
        line->append(1, i);
        line->append(8, i + 1);
        chart->addSeries(line);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    view.resize(1000, 400);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    settle();
    CHECK(expectedLegendLabels(&view).size() == 12);
    const QStringList problems = legendProblems(&view);
    REQUIRE_FALSE(problems.isEmpty());
    CHECK(problems.join(QLatin1Char('\n')).contains(QStringLiteral("is not drawn whole")));
}

TEST_CASE("every chart's legend reads whole at the default window size and in SVG: inference session",
          "[ui][chart][legend]") {
    CHECK(checkEveryChart(kFixtures + QStringLiteral("/resnet18-h200-session.json")) == 6);
}

TEST_CASE("every chart's legend reads whole at the default window size and in SVG: yolo-t session",
          "[ui][chart][legend]") {
    CHECK(checkEveryChart(kFixtures + QStringLiteral("/yolo-t-h200-b1-session.json")) == 6);
}

TEST_CASE("every chart's legend reads whole at the default window size and in SVG: inference and training, "
          "vs baseline", "[ui][chart][legend]") {
    // Three series keys (inference, training in two graph scopes) and the "vs baseline" tab.
    CHECK(checkEveryChart(kFixtures + QStringLiteral("/resnet18-h200-infer-train-session.json"),
                          kFixtures + QStringLiteral("/resnet18-h200-session.json")) == 7);
}

TEST_CASE("the wrapped legend stays whole in a narrow chart: it takes more rows", "[ui][chart][legend]") {
    MeasurementTableModel model;
    model.resetData(graphlens::results::readAnyResultsFile(
                        (kFixtures + QStringLiteral("/resnet18-h200-infer-train-session.json")).toStdString())
                        .rows);
    ChartsPanel tabs;
    tabs.setModel(&model);
    tabs.setCurrentWidget(tabs.stepTimeChart());
    tabs.resize(1100, 650);
    tabs.show();
    REQUIRE(QTest::qWaitForWindowExposed(&tabs));
    settle();
    auto* view = tabs.stepTimeChart();
    const qreal wide = view->legendItem()->height();
    CHECK(legendProblems(view).isEmpty());
    tabs.resize(420, 650);
    settle();
    CHECK(legendProblems(view).isEmpty());
    CHECK(view->legendItem()->height() > wide);
}
