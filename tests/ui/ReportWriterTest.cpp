// The stakeholder report over the real H200 infer+train session: its content, the HTML page
// (self-contained) and the PDF (paginated), and the failures that must leave no file behind.
#include "results/Session.h"
#include "ui/MainWindow.h"
#include "ui/report/ReportCharts.h"
#include "ui/report/ReportContent.h"
#include "ui/report/ReportHtml.h"
#include "ui/report/ReportPagination.h"
#include "ui/report/ReportWriter.h"
#include "ui/report/SummaryCard.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextDocument>
#include <catch2/catch.hpp>

namespace results = graphlens::results;
using namespace graphlens::ui;

namespace {

const QString kFixture = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-infer-train-session.json");

results::Session fixture() { return results::readSession(kFixture.toStdString()); }

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

TEST_CASE("report content: title, environment and method from the session", "[ui][report]") {
    const auto content = reportContent(fixture());
    CHECK(content.title == QStringLiteral("What CUDA graphs buy for resnet18 on NVIDIA H200"));
    CHECK(content.summary == summarySentences(fixture().rows));
    CHECK(content.environmentLine.contains(QStringLiteral("libtorch 2.11.0")));
    const auto fact = [&](const char* label) {
        for (const auto& [name, value] : content.environment) {
            if (name == QLatin1String(label)) return value;
        }
        return QString();
    };
    CHECK(fact("GPU") == QStringLiteral("NVIDIA H200"));
    CHECK(fact("Driver") == QStringLiteral("580.159.04"));
    CHECK(fact("CUDA runtime") == QStringLiteral("13.0"));
    CHECK(fact("OS").startsWith(QStringLiteral("Linux")));
    const QString method = content.method.join(QLatin1Char('\n'));
    CHECK(method.contains(QStringLiteral("5 warm-up steps, then 24 timed steps per round in each of 3 rounds")));
    CHECK(method.contains(QStringLiteral("profiled pass (10 steps)")));
    CHECK(method.contains(QStringLiteral("6 timed and 2 profiled rows")));
    CHECK(method.contains(QStringLiteral("Training graph scopes: network, step")));
}

TEST_CASE("report content of a sweep over many families stays a title and a sentence", "[ui][report]") {
    auto session = fixture();
    const auto real = session.rows;
    session.rows.clear();
    for (int copy = 0; copy < 40; ++copy) {
        for (auto row : real) {
            row.family = "family-" + std::to_string(copy);
            session.rows.push_back(row);
        }
    }
    const auto content = reportContent(session);
    CHECK(content.title == QStringLiteral("What CUDA graphs buy for 40 families on NVIDIA H200"));
    const QString method = content.method.join(QLatin1Char('\n'));
    CHECK(method.contains(QStringLiteral("family-0, family-1,")));
    CHECK(method.contains(QStringLiteral("family-11 and 28 more;")));
    CHECK_FALSE(method.contains(QStringLiteral("family-12")));

    // One summary sentence for the forty alike families names six and counts the rest.
    const QString summary = content.summary.join(QLatin1Char('\n'));
    CHECK(summary.contains(QStringLiteral("family-4 inference steps and 35 more")));
    CHECK_FALSE(summary.contains(QStringLiteral("family-5 ")));
    CHECK(content.summary.size() <= 12);

    session.rows.resize(real.size() * 3);  // three families: still named in the title
    CHECK(reportContent(session).title ==
          QStringLiteral("What CUDA graphs buy for family-0, family-1, family-2 on NVIDIA H200"));
}

TEST_CASE("report charts: one image per chart tab, nothing blank", "[ui][report]") {
    const auto charts = renderReportCharts(fixture().rows, {600, 360}, 1.0);
    REQUIRE(charts.size() == 6);
    CHECK(charts.front().title == QStringLiteral("Speedup"));
    for (const auto& chart : charts) {
        CHECK(chart.image.size() == QSize(600, 360));
        // Something was drawn: the image is not one flat colour.
        const QImage small = chart.image.scaled(30, 18);
        bool varied = false;
        for (int y = 0; y < small.height() && !varied; ++y) {
            for (int x = 0; x < small.width() && !varied; ++x) varied = small.pixel(x, y) != small.pixel(0, 0);
        }
        CHECK(varied);
    }
}

TEST_CASE("report as HTML: the sentences and every chart inline, nothing external", "[ui][report]") {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.html"));
    QString error;
    REQUIRE(writeReport(path, fixture(), &error));
    CHECK(error.isEmpty());
    const QString html = QString::fromUtf8(readAll(path));
    for (const auto& sentence : summarySentences(fixture().rows)) CHECK(html.contains(sentence.toHtmlEscaped()));
    CHECK(html.count(QStringLiteral("<img ")) == 6);
    CHECK(html.count(QStringLiteral("src=\"data:image/png;base64,")) == 6);
    CHECK_FALSE(html.contains(QRegularExpression(QStringLiteral("(src|href)=\"(?!data:)"))));
    CHECK(html.contains(QStringLiteral("Environment")));
    CHECK(html.contains(QStringLiteral("580.159.04")));
    CHECK(html.contains(QStringLiteral("Method")));
    CHECK(QDir(dir.path()).entryList(QDir::Files) == QStringList{QStringLiteral("report.html")});  // no temp left
}

TEST_CASE("report as PDF: a PDF of several pages", "[ui][report]") {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    REQUIRE(writeReport(path, fixture(), &error));
    const QByteArray pdf = readAll(path);
    CHECK(pdf.startsWith("%PDF"));
    CHECK(pdf.size() > 50 * 1024);  // six charts as images
    const auto pages = QString::fromLatin1(pdf).count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")));
    CHECK(pages > 1);
}

TEST_CASE("report failures name the file and leave nothing behind", "[ui][report]") {
    QTemporaryDir dir;
    QString error;
    const QString unwritable = dir.filePath(QStringLiteral("no-such-folder/report.pdf"));
    CHECK_FALSE(writeReport(unwritable, fixture(), &error));
    CHECK(error.contains(QDir::toNativeSeparators(unwritable)));

    const QString wrongSuffix = dir.filePath(QStringLiteral("report.docx"));
    CHECK_FALSE(writeReport(wrongSuffix, fixture(), &error));
    CHECK(error.contains(QStringLiteral(".pdf or .html")));

    const QString missing = dir.filePath(QStringLiteral("missing-session.json"));
    const QString out = dir.filePath(QStringLiteral("report.html"));
    CHECK_FALSE(writeReportFromFile(missing, out, &error));
    CHECK(error.contains(QStringLiteral("missing-session.json")));
    CHECK(QDir(dir.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
}

TEST_CASE("main window exports the report of what it shows", "[ui][report][window]") {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(nullptr, &settings);
    REQUIRE(window.openFile(kFixture));
    auto* action = window.findChild<QAction*>(QStringLiteral("actionExportReport"));
    REQUIRE(action);
    CHECK(action->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    const QString path = dir.filePath(QStringLiteral("window-report.html"));
    REQUIRE(window.exportReport(path));
    CHECK(QString::fromUtf8(readAll(path)).contains(QStringLiteral("(step scope) 3.7× faster")));
    CHECK_FALSE(window.exportReport(dir.filePath(QStringLiteral("nowhere/report.pdf"))));
    CHECK(window.lastError().contains(QStringLiteral("nowhere")));
}

TEST_CASE("report PDF pages: every chart starts on the page its legend ends on", "[ui][report][pages]") {
    ReportContent content = reportContent(fixture());
    content.charts = renderReportCharts(fixture().rows);
    const int width = 676;  // the PDF's image width (ReportWriter)
    // Page heights around A4's (987 layout pixels) put the page ends at many different points of
    // the charts: without the forced breaks some legend is cut off from its chart at most of them.
    int splitBefore = 0;
    for (int height = 700; height <= 1100; height += 25) {
        QTextDocument document;
        document.setDocumentMargin(0);
        for (int i = 0; i < content.charts.size(); ++i) {
            document.addResource(QTextDocument::ImageResource, QUrl(chartResourceName(i)), content.charts[i].image);
        }
        document.setHtml(reportHtml(content, {/*inlineImages=*/false, /*imageWidth=*/width}));
        document.setPageSize(QSizeF(680, height));
        for (int i = 0; i < content.charts.size(); ++i) {
            const auto pages = chartPages(document, i);
            if (pages.first != pages.last) ++splitBefore;
        }
        keepChartsWithLegends(document, int(content.charts.size()));
        for (int i = 0; i < content.charts.size(); ++i) {
            const auto pages = chartPages(document, i);
            INFO("page height " << height << ", chart " << i);
            REQUIRE(pages.first >= 0);
            CHECK(pages.first == pages.last);
        }
    }
    CHECK(splitBefore > 0);  // the check above had something to catch
}

TEST_CASE("the HTML report escapes every string that came from the session file", "[ui][report][security]") {
    auto session = fixture();
    const std::string hostile = "<script>alert(1)</script>%2";
    session.session_id = "</p><img src=x onerror=alert(2)>";
    session.environment["gpu"] = "<iframe src=\"javascript:alert(3)\">";
    for (auto& row : session.rows) {
        row.family = hostile;
        row.message = "<b onmouseover=alert(4)>";
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hostile.html"));
    QString error;
    REQUIRE(writeReport(path, session, &error));
    const QString html = QString::fromUtf8(readAll(path));
    for (const char* raw : {"<script", "<img src=x", "<iframe", "<b onmouseover"}) {
        INFO(raw);
        CHECK_FALSE(html.contains(QLatin1String(raw), Qt::CaseInsensitive));
    }
    CHECK(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;%2")));  // shown, as text
    CHECK(html.contains(QStringLiteral("&lt;iframe src=&quot;javascript:alert(3)&quot;&gt;")));
}
