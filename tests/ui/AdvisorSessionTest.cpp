// The advisor's figures through the rest of the window: the summary card's prediction sentence, the
// table's new columns, an advise session (eager rows only) opened end to end, and the report's
// waterfall and speedup caption. Over the synthetic fixtures advisor-synthetic-session.json and
// advisor-synthetic-advise-session.json (invented figures, not measurements: fixtures/README.md).
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/models/MeasurementFilterModel.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/ChartCaptions.h"
#include "ui/report/ReportCharts.h"
#include "ui/report/ReportWaterfall.h"
#include "ui/report/ReportWriter.h"
#include "ui/report/SummaryCard.h"
#include "ui/report/SummaryCardWidget.h"
#include "ui/timeline/TimelinePanel.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QFile>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const char* const kAdvisor = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-session.json";
const char* const kAdvise = GRAPHLENS_UI_FIXTURE_DIR "/advisor-synthetic-advise-session.json";
const char* const kMeasured = GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json";

void settle() {
    for (int pass = 0; pass < 3; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

results::Session sessionOf(const char* fixture) { return results::readAnyResultsFile(fixture); }

}  // namespace

TEST_CASE("summary: the prediction beside the measurement for the batch the card headlines", "[ui][summary][advisor]") {
    const QStringList sentences = summarySentences(sessionOf(kAdvisor).rows);
    INFO(sentences.join(QLatin1Char('\n')).toStdString());
    // Batch 8 has the largest measured speedup (2.67×), the card's headline; it was predicted 2.60×.
    CHECK(sentences.first().contains(QStringLiteral("at batch 8")));
    CHECK(sentences.contains(QStringLiteral("Inference: predicted 2.6× before capture, measured 2.7× (batch 8).")));
}

TEST_CASE("summary of an advise session: predicted, and why it was not measured", "[ui][summary][advisor]") {
    const QStringList sentences = summarySentences(sessionOf(kAdvise).rows);
    INFO(sentences.join(QLatin1Char('\n')).toStdString());
    CHECK(sentences.contains(
        QStringLiteral("Inference: predicted 2.6× (not measured: advise runs the eager arm only; batch 8).")));
    // A measured session from before the advisor gets no such sentence.
    for (const auto& sentence : summarySentences(sessionOf(kMeasured).rows)) {
        CHECK_FALSE(sentence.contains(QStringLiteral("predicted")));
    }
}

TEST_CASE("table: the advisor's columns display and sort, strings as strings", "[ui][table][advisor]") {
    MeasurementTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.resetData(sessionOf(kAdvise).rows);
    const auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
    CHECK(model.headerData(MeasurementTableModel::Advice, Qt::Horizontal).toString() == QStringLiteral("Advice"));
    CHECK(cell(0, MeasurementTableModel::Advice) == QStringLiteral("launch-bound: graphs help"));
    CHECK(cell(0, MeasurementTableModel::PredictedSpeedup) == QStringLiteral("2.44×"));
    CHECK(cell(0, MeasurementTableModel::KernelAlignment).isEmpty());  // eager rows have none
    CHECK(model.headerData(MeasurementTableModel::Advice, Qt::Horizontal, Qt::ToolTipRole).toString().contains(
        QStringLiteral("launch-bound")));

    MeasurementFilterModel proxy;
    proxy.setSourceModel(&model);
    proxy.sort(MeasurementTableModel::Advice, Qt::AscendingOrder);
    QStringList sorted;
    for (int row = 0; row < proxy.rowCount(); ++row) sorted << proxy.index(row, MeasurementTableModel::Advice).data().toString();
    QStringList expected = sorted;
    std::sort(expected.begin(), expected.end(), [](const QString& a, const QString& b) { return a.localeAwareCompare(b) < 0; });
    CHECK(sorted == expected);
    CHECK(sorted.first() == QStringLiteral("launch-bound: graphs help"));
    CHECK(sorted.last() == QStringLiteral("no prediction: the profiled pass recorded no kernels"));

    model.resetData(sessionOf(kAdvisor).rows);
    proxy.sort(MeasurementTableModel::KernelAlignment, Qt::DescendingOrder);
    CHECK(proxy.index(0, MeasurementTableModel::KernelAlignment).data().toString() ==
          QStringLiteral("62 of 62 kernels in the same order"));
    proxy.sort(MeasurementTableModel::PredictionErrorPct, Qt::AscendingOrder);
    CHECK(proxy.index(0, MeasurementTableModel::PredictionErrorPct).data().toString() == QStringLiteral("-8.9"));
}

TEST_CASE("an advise session opens in the window: no crash, the prediction charted and summarised",
          "[ui][window][advisor]") {
    MainWindow window;
    REQUIRE(window.openFile(QString::fromUtf8(kAdvise)));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    settle();
    auto* tabs = window.findChild<ChartsPanel*>();
    REQUIRE(tabs);
    for (int i = 0; i < tabs->count(); ++i) {  // every tab draws without a crash
        tabs->setCurrentIndex(i);
        settle();
    }
    tabs->setCurrentWidget(window.speedupChart());
    settle();
    window.speedupChart()->redrawIfPending();
    int points = 0;
    for (auto* series : window.speedupChart()->chart()->series()) {
        if (series->name() == SpeedupChartView::predictedName()) points += qobject_cast<QLineSeries*>(series)->count();
    }
    CHECK(points == 3);
    CHECK(window.summaryCard()->text().contains(QStringLiteral("advise runs the eager arm only")));
    // Without a trace the Timeline tab keeps its how-to; its waterfall has no graphed row to explain.
    CHECK_FALSE(window.timelinePanel()->hasTrace());
}

TEST_CASE("report: the waterfall with its reading caption, the prediction in the speedup caption", "[ui][report][advisor]") {
    const auto session = sessionOf(kAdvisor);
    const auto waterfall = renderReportWaterfall(session.rows, {700, 360}, 1.0);
    REQUIRE(waterfall);
    CHECK(waterfall->title.contains(QStringLiteral("one profiled step of each arm")));
    CHECK(waterfall->caption.startsWith(QStringLiteral("How to read:")));
    CHECK(waterfall->caption.contains(QStringLiteral("unexplained")));
    CHECK(waterfall->caption.contains(QStringLiteral("At batch 8 the graphed step was 2.70 ms shorter")));
    CHECK_FALSE(waterfall->image.isNull());
    CHECK_FALSE(renderReportWaterfall(sessionOf(kMeasured).rows));  // no explain_* figures: no chart

    const auto charts = renderReportCharts(session.rows, {600, 360}, 1.0);
    REQUIRE_FALSE(charts.isEmpty());
    const QString speedupCaption = charts.front().caption;
    CHECK(speedupCaption.contains(QStringLiteral("predicted from the eager arm alone")));
    CHECK(speedupCaption.contains(QStringLiteral("At batch 8 it predicted 2.60×; 2.67× was measured")));
    CHECK(ChartCaptions::speedup(sessionOf(kAdvise).rows).contains(QStringLiteral("advise runs the eager arm only")));
    CHECK_FALSE(ChartCaptions::speedup(sessionOf(kMeasured).rows).contains(QStringLiteral("predicted")));

    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    REQUIRE(writeReport(path, session, &error));
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(file.readAll());
    CHECK(html.contains(QStringLiteral("Where the saved time went")));
    CHECK(html.contains(QStringLiteral("predicted 2.6× before capture")));
    // An advise session's report writes too, with its prediction.
    const QString advisePath = dir.filePath(QStringLiteral("advise.html"));
    REQUIRE(writeReport(advisePath, sessionOf(kAdvise), &error));
}
