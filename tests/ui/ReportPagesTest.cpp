// The report's pages beyond the summary: every chart with its reading caption above it, the step
// timeline of a session's trace, one sentence instead of empty charts for a CPU-only session, and
// legend symbols that a greyscale print tells apart. Sessions are built here or read from the
// fixtures; the report is written to HTML and PDF offscreen and read back.
#include "TestRows.h"
#include "results/Session.h"
#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/PhasesChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/models/MeasurementTableModel.h"
#include "ui/report/ChartCaptions.h"
#include "ui/report/ReportCharts.h"
#include "ui/report/ReportContent.h"
#include "ui/report/ReportHtml.h"
#include "ui/report/ReportPagination.h"
#include "ui/report/ReportSymbols.h"
#include "ui/report/ReportTimeline.h"
#include "ui/report/ReportWriter.h"
#include "ui/timeline/StepTrace.h"
#include "ui/timeline/TimelinePanel.h"
#include "ui/MainWindow.h"

#include <QBarSet>
#include <QFile>
#include <QSettings>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QXYSeries>
#include <catch2/catch.hpp>

#include <set>

namespace results = graphlens::results;
using namespace graphlens::ui;
using namespace graphlens::ui::test;

namespace {

QString fixturePath(const char* name) { return QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/") + QLatin1String(name); }

results::Session h200Session() {
    return results::readSession(fixturePath("resnet18-h200-infer-train-session.json").toStdString());
}

StepTrace syntheticTrace() {
    QString error;
    auto trace = StepTrace::readFile(fixturePath("synthetic-trace-format.json"), &error);
    INFO(error.toStdString());
    REQUIRE(trace);
    return *trace;
}

// A sweep on a machine without a CUDA device: eager rows measured, every graphed arm skipped.
results::Session cpuSession() {
    results::Session session;
    session.session_id = "cpu-session";
    session.environment = {{"device", "cpu"}, {"cuda_available", false}, {"libtorch", "2.11.0"}};
    for (int batch : {1, 8}) {
        auto eager = eagerRow(batch, 12.0 * batch);
        auto graphed = graphedRow(batch, 0, 1);
        for (auto* row : {&eager, &graphed}) row->device = "cpu";
        graphed.status = "skipped";
        graphed.speedup.reset();
        graphed.step_ms_median.reset();
        graphed.message = "CUDA graphs need a CUDA device; this run is on the CPU";
        session.rows.push_back(eager);
        session.rows.push_back(graphed);
    }
    return session;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString writtenHtml(const results::Session& session, const std::optional<StepTrace>& trace = std::nullopt) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    REQUIRE(writeReport(path, session, trace, &error));
    return QString::fromUtf8(readAll(path));
}

QByteArray writtenPdf(const results::Session& session) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    REQUIRE(writeReport(path, session, &error));
    return readAll(path);
}

int pdfPages(const QByteArray& pdf) {
    return int(QString::fromLatin1(pdf).count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))));
}

// Which pixels of a bar's texture are its hatch (darker than the tile's mean grey): the pattern a
// greyscale print shows, whatever the colour.
QString hatchMask(const QImage& tile) {
    REQUIRE_FALSE(tile.isNull());
    double mean = 0;
    for (int y = 0; y < tile.height(); ++y) {
        for (int x = 0; x < tile.width(); ++x) mean += qGray(tile.pixel(x, y));
    }
    mean /= tile.width() * tile.height();
    QString mask;
    for (int y = 0; y < tile.height(); ++y) {
        for (int x = 0; x < tile.width(); ++x) mask += qGray(tile.pixel(x, y)) < mean ? QLatin1Char('#') : QLatin1Char('.');
    }
    return mask;
}

int pdfImages(const QByteArray& pdf) { return int(pdf.count("/Subtype /Image")); }

// Two families at three batches: two speedup curves, four step-time curves of two colours.
std::vector<results::Measurement> twoFamilies() {
    auto rows = threeBatchSweep();
    for (auto row : threeBatchSweep()) {
        row.family = "mobilenet";
        rows.push_back(row);
    }
    return rows;
}

}  // namespace

TEST_CASE("report captions: every chart says how to read it, above the image", "[ui][report][captions]") {
    const auto charts = renderReportCharts(h200Session().rows, {600, 360}, 1.0);
    REQUIRE(charts.size() == 6);
    std::set<QString> captions;
    for (const auto& chart : charts) {
        INFO(chart.title.toStdString());
        CHECK(chart.caption.startsWith(QStringLiteral("How to read:")));
        captions.insert(chart.caption);
    }
    CHECK(captions.size() == charts.size());  // each its own, not one text for all
    CHECK(charts[0].caption == ChartCaptions::reading(ChartKind::Speedup));
    CHECK(charts[0].caption.contains(QStringLiteral("higher is better")));
    CHECK(charts[1].caption.contains(QStringLiteral("lower is better")));
    CHECK(charts[4].caption.contains(QStringLiteral("profiled pass")));  // launch overhead: not the timed steps

    // In the page: each caption once, between the previous chart and its own image.
    const QString html = writtenHtml(h200Session());
    CHECK(html.count(QStringLiteral("<p class=\"caption\">")) == 6);
    qsizetype previousImage = html.indexOf(QStringLiteral("<h2>Charts</h2>"));
    for (const auto& chart : charts) {
        INFO(chart.title.toStdString());
        const qsizetype caption = html.indexOf(chart.caption.toHtmlEscaped());
        const qsizetype image = html.indexOf(QStringLiteral("alt=\"%1 chart\"").arg(chart.title));
        CHECK(previousImage < caption);
        CHECK(caption < image);
        previousImage = image;
    }
}

TEST_CASE("report PDF: each caption is printed on its chart's page", "[ui][report][captions][pages]") {
    ReportContent content = reportContent(h200Session());
    content.charts = renderReportCharts(h200Session().rows);
    content.charts.append(*renderReportTimeline(syntheticTrace()));
    QTextDocument document;
    document.setDocumentMargin(0);
    for (int i = 0; i < content.charts.size(); ++i) {
        document.addResource(QTextDocument::ImageResource, QUrl(chartResourceName(i)), content.charts[i].image);
    }
    document.setHtml(reportHtml(content, {/*inlineImages=*/false, /*imageWidth=*/676}));
    document.setPageSize(QSizeF(680, 987));  // A4's body in layout pixels (ReportWriter)
    keepChartsWithLegends(document, int(content.charts.size()));
    const QString text = document.toPlainText();
    for (int i = 0; i < content.charts.size(); ++i) {
        INFO("chart " << i);
        CHECK(text.contains(content.charts[i].caption));
        const auto pages = chartPages(document, i);
        REQUIRE(pages.first >= 0);
        CHECK(pages.first == pages.last);  // caption, image and legend on one page
    }
}

TEST_CASE("report step timeline: a page from the session's trace, none without one", "[ui][report][timeline]") {
    const StepTrace trace = syntheticTrace();
    const auto timeline = renderReportTimeline(trace, 900, 1.0);
    REQUIRE(timeline);
    CHECK(timeline->title == QStringLiteral("Step timeline, batch 8"));
    CHECK(timeline->caption.startsWith(ChartCaptions::reading(ChartKind::StepTimeline)));
    CHECK(timeline->caption.contains(TimelinePanel::comparison(trace.pairs().front())));
    CHECK(timeline->caption.contains(TimelinePanel::oneStepNote()));  // which speedup this is: one profiled step
    CHECK(timeline->image.width() == 900);
    // The idle gaps are drawn: the vermilion of the idle hatch is in the image.
    bool idleDrawn = false;
    for (int y = 0; y < timeline->image.height() && !idleDrawn; ++y) {
        for (int x = 0; x < timeline->image.width() && !idleDrawn; ++x) {
            idleDrawn = timeline->image.pixelColor(x, y) == QColor(0xd5, 0x5e, 0x00);
        }
    }
    CHECK(idleDrawn);

    const QString withTrace = writtenHtml(h200Session(), trace);
    CHECK(withTrace.count(QStringLiteral("<img ")) == 7);
    CHECK(withTrace.contains(QStringLiteral("alt=\"Step timeline, batch 8 chart\"")));
    CHECK(withTrace.contains(timeline->caption.toHtmlEscaped()));
    const QString without = writtenHtml(h200Session());
    CHECK(without.count(QStringLiteral("<img ")) == 6);
    CHECK_FALSE(without.contains(QStringLiteral("Step timeline")));
}

TEST_CASE("headless report of a session file takes the trace beside it", "[ui][report][timeline]") {
    QTemporaryDir dir;
    const QString withTrace = dir.filePath(QStringLiteral("with-trace.html"));
    QString error;
    REQUIRE(writeReportFromFile(fixturePath("yolo-t-h200-b1-session.json"), withTrace, &error));
    CHECK(QString::fromUtf8(readAll(withTrace)).contains(QStringLiteral("Step timeline")));

    // The same session copied where no trace lies beside it.
    const QString lone = dir.filePath(QStringLiteral("lone-session.json"));
    REQUIRE(QFile::copy(fixturePath("yolo-t-h200-b1-session.json"), lone));
    const QString withoutTrace = dir.filePath(QStringLiteral("without-trace.html"));
    REQUIRE(writeReportFromFile(lone, withoutTrace, &error));
    const QString html = QString::fromUtf8(readAll(withoutTrace));
    CHECK(html.contains(QStringLiteral("<h2>Charts</h2>")));
    CHECK_FALSE(html.contains(QStringLiteral("Step timeline")));
}

TEST_CASE("the window's exported report has the Timeline tab's trace as its step timeline page",
          "[ui][report][timeline][window]") {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(nullptr, &settings);
    REQUIRE(window.openFile(fixturePath("yolo-t-h200-b1-session.json")));  // its trace lies beside it
    const QString path = dir.filePath(QStringLiteral("window-report.html"));
    REQUIRE(window.exportReport(path));
    CHECK(QString::fromUtf8(readAll(path)).contains(QStringLiteral("Step timeline")));
}

TEST_CASE("CPU-only session: one sentence instead of empty charts", "[ui][report][cpu]") {
    const auto session = cpuSession();
    CHECK(ranOnCpuOnly(session));
    CHECK_FALSE(ranOnCpuOnly(h200Session()));
    auto refusedOnGpu = h200Session();  // graphed arms refused on a GPU are not a CPU session
    for (auto& row : refusedOnGpu.rows) {
        if (row.arm == "graphed") row.status = "skipped";
    }
    CHECK_FALSE(ranOnCpuOnly(refusedOnGpu));

    const QString html = writtenHtml(session);
    CHECK(html.contains(QStringLiteral("CUDA graphs need a CUDA device; this session ran on the CPU, so only eager "
                                       "figures exist")));
    CHECK(html.count(QStringLiteral("<img ")) == 0);
    CHECK(html.count(QStringLiteral("<p class=\"caption\">")) == 0);

    const QByteArray cpuPdf = writtenPdf(session);
    CHECK(pdfImages(cpuPdf) == 0);
    CHECK(pdfPages(cpuPdf) <= 2);  // the summary with the sentence, then environment and method
    CHECK(pdfImages(writtenPdf(h200Session())) >= 6);
}

TEST_CASE("report legends: every series of a chart has its own symbol, not only its own colour", "[ui][report][legend]") {
    for (const auto& rows : {h200Session().rows, twoFamilies()}) {
        const auto charts = renderReportCharts(rows, {600, 360}, 1.0);
        for (const auto& chart : charts) {
            INFO(chart.title.toStdString());
            std::set<QString> glyphs;
            for (const auto& entry : chart.legend) {
                INFO(entry.label.toStdString() << " " << entry.glyph.toStdString());
                CHECK(glyphs.insert(entry.glyph).second);
            }
        }
    }
}

TEST_CASE("report symbols are drawn on the series the legend names", "[ui][report][legend]") {
    MeasurementTableModel model;
    model.resetData(twoFamilies());
    SpeedupChartView speedup;
    speedup.setModel(&model);
    const auto legend = giveDistinctSymbols(speedup.panels());
    std::vector<QImage> markers;
    for (auto* series : speedup.allSeries()) {
        auto* line = qobject_cast<QXYSeries*>(series);
        if (!line || qobject_cast<QScatterSeries*>(series) || !line->pointsVisible()) continue;
        if (line->name().isEmpty() || !ChartLegendItem::listed(speedup.chart()->legend()->markers(line).value(0))) continue;
        REQUIRE_FALSE(line->lightMarker().isNull());
        for (const auto& other : markers) CHECK(other != line->lightMarker());  // a shape each
        markers.push_back(line->lightMarker());
    }
    CHECK(markers.size() == 2);  // one curve per family

    // Bars: a hatch per phase, so stacked phases read apart in grey (the solid first).
    model.resetData(twoScopeTraining());
    PhasesChartView phases;
    phases.setModel(&model);
    giveDistinctSymbols(phases.panels());
    std::set<QString> patterns;
    int sets = 0;
    for (auto* series : phases.allSeries()) {
        auto* stacked = qobject_cast<QStackedBarSeries*>(series);
        if (!stacked) continue;
        for (auto* set : stacked->barSets()) {
            ++sets;
            const QBrush brush = set->brush();
            CHECK(patterns.insert(brush.style() == Qt::SolidPattern ? QStringLiteral("solid") : hatchMask(brush.textureImage()))
                      .second);
        }
    }
    CHECK(sets >= 3);
}
