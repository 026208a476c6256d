// What is exported is what is seen: with the window's Series by on GPU, the chart exports (PNG, SVG)
// and the report (HTML, PDF) draw a series per GPU as the chart tabs do, and the report says how its
// series are grouped. Over MergedSessionFixture's two fake machines (test data, not measurements).
#include "LegendReadability.h"
#include "MergedSessionFixture.h"
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/SeriesBySelector.h"
#include "ui/charts/SeriesGrouping.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/report/ReportCharts.h"

#include <cstdio>
#include <QChart>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace graphlens;
using namespace graphlens::ui;

namespace {

const QString kExportH200 = QStringLiteral("H200 · GPU-1a2b");
const QString kExportL4 = QStringLiteral("L4 · GPU-9f8e");

QString readExported(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

// The window over the merged session, its speedup tab shown, series by `by`.
ChartsPanel* showMergedSpeedup(MainWindow& window, const QTemporaryDir& dir, SeriesBy by) {
    if (!test::openMergedWindow(window, dir)) return nullptr;
    auto* panel = window.findChild<ChartsPanel*>();
    if (!panel) return nullptr;
    panel->seriesBy()->setSeriesBy(by);
    panel->setCurrentWidget(panel->speedupChart());
    test::settleMachines();
    return panel;
}

// The legend table's label cells of the report page (ReportHtml's legendHtml).
QStringList reportLegendLabels(const QString& html) {
    QStringList labels;
    const QString open = QStringLiteral("<td width=\"48%\">");
    for (qsizetype at = html.indexOf(open); at >= 0; at = html.indexOf(open, at + 1)) {
        const qsizetype start = at + open.size();
        labels << html.mid(start, html.indexOf(QStringLiteral("</td>"), start) - start);
    }
    return labels;
}

}  // namespace

TEST_CASE("series by: the report's grouping sentence names the choice and the machines", "[ui][machines][export]") {
    const auto rows = test::mergedRows();
    const SeriesGrouping byGpu(SeriesBy::Gpu, rows, test::fakeMergedEnvironment());
    const auto count = countMachines(rows, byGpu);
    CHECK(groupingSentence(SeriesBy::Gpu, count) == "Series by GPU: rows from 2 GPUs on 2 hosts with 2 drivers");
    CHECK(groupingSentence(SeriesBy::Host, count) == "Series by host: rows from 2 GPUs on 2 hosts with 2 drivers");
    CHECK(groupingSentence(SeriesBy::Family, count).empty());
    CHECK(groupingSentence(SeriesBy::Gpu, MachineCount{1, 1, 1}) == "Series by GPU");
}

TEST_CASE("series by: the speedup chart exported by GPU names each GPU, as the window draws it (PNG looked at)",
          "[ui][machines][export]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    auto* panel = showMergedSpeedup(window, dir, SeriesBy::Family);
    REQUIRE(panel);
    REQUIRE(window.currentChartView() == panel->speedupChart());

    // By family first: one curve for both machines, no GPU in the file (what the GPU check tells apart).
    const QString familySvg = dir.filePath(QStringLiteral("speedup-family.svg"));
    REQUIRE(window.exportChart(familySvg));
    const QString family = readExported(familySvg);
    REQUIRE_FALSE(family.isEmpty());
    CHECK_FALSE(family.contains(kExportH200));
    CHECK_FALSE(family.contains(kExportL4));

    panel->seriesBy()->setSeriesBy(SeriesBy::Gpu);
    test::settleMachines();
    const QString svgPath = dir.filePath(QStringLiteral("speedup-by-gpu.svg"));
    REQUIRE(window.exportChart(svgPath));
    const QString svg = readExported(svgPath);
    CHECK(svg.contains(kExportH200));  // the legend's text, real text in the SVG
    CHECK(svg.contains(kExportL4));

    // The PNG is drawn from the same view: its series are the GPUs, its legend whole.
    QString folder = qEnvironmentVariable("GRAPHLENS_SCREENSHOT_DIR");
    if (folder.isEmpty()) folder = dir.path();
    const QString pngPath = QDir(folder).filePath(QStringLiteral("speedup-by-gpu-export.png"));
    REQUIRE(window.exportChart(pngPath));
    QStringList names;
    for (auto* series : panel->speedupChart()->chart()->series()) names << series->name();
    CHECK(names.contains(kExportH200));
    CHECK(names.contains(kExportL4));
    const QStringList labels = test::expectedLegendLabels(panel->speedupChart());
    CHECK(labels.contains(kExportH200));
    CHECK(labels.contains(kExportL4));
    const QStringList problems = test::legendProblems(panel->speedupChart());
    INFO(problems.join(QLatin1Char('\n')).toStdString());
    CHECK(problems.isEmpty());
    const QImage png(pngPath);
    CHECK(png.width() == 2 * panel->speedupChart()->viewport()->width());
    std::fprintf(stderr, "by-GPU speedup export: %s\n", qPrintable(pngPath));  // where to look at it
}

TEST_CASE("series by: the report drawn by GPU has the GPUs in its legends and says how it groups",
          "[ui][machines][export][report]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    auto* panel = showMergedSpeedup(window, dir, SeriesBy::Family);
    REQUIRE(panel);

    const QString familyPath = dir.filePath(QStringLiteral("report-family.html"));
    REQUIRE(window.exportReport(familyPath));
    const QString family = readExported(familyPath);
    REQUIRE_FALSE(family.isEmpty());
    CHECK_FALSE(family.contains(QStringLiteral("Series by")));
    CHECK_FALSE(reportLegendLabels(family).contains(kExportH200));

    panel->seriesBy()->setSeriesBy(SeriesBy::Gpu);
    const QString htmlPath = dir.filePath(QStringLiteral("report-by-gpu.html"));
    REQUIRE(window.exportReport(htmlPath));
    const QString html = readExported(htmlPath);
    CHECK(html.contains(QStringLiteral("Series by GPU: rows from 2 GPUs on 2 hosts with 2 drivers")));
    const QStringList legend = reportLegendLabels(html);
    INFO("legend: " << legend.join(QStringLiteral(" | ")).toStdString());
    CHECK(legend.contains(kExportH200));  // the speedup chart's legend
    CHECK(legend.contains(kExportL4));
    CHECK(legend.filter(kExportH200).size() >= 3);  // other charts too: step time's eager and graphed, ...

    // The PDF is laid out from the same content: it is written, whole.
    const QString pdfPath = dir.filePath(QStringLiteral("report-by-gpu.pdf"));
    REQUIRE(window.exportReport(pdfPath));
    QFile pdf(pdfPath);
    REQUIRE(pdf.open(QIODevice::ReadOnly));
    CHECK(pdf.read(5) == QByteArray("%PDF-"));

    // The charts themselves, given the window's grouping: the speedup legend is a line per GPU
    // (and the 1× reference), where by family it is one for both.
    const auto speedupLegendOf = [](const SeriesGrouping& grouping) {
        const auto charts = renderReportCharts(test::mergedRows(), {600, 360}, 1.0, grouping);
        QStringList labels;
        if (!charts.isEmpty()) {
            for (const auto& entry : charts.front().legend) labels << entry.label;
        }
        return labels;
    };
    const QStringList byGpu = speedupLegendOf(panel->seriesBy()->grouping());
    INFO("speedup legend by GPU: " << byGpu.join(QStringLiteral(" | ")).toStdString());
    CHECK(byGpu.contains(kExportH200));
    CHECK(byGpu.contains(kExportL4));
    const QStringList byFamily = speedupLegendOf(SeriesGrouping::byFamily());
    CHECK_FALSE(byFamily.contains(kExportH200));
    CHECK(byFamily.size() == byGpu.size() - 1);
}
