#include "ui/report/ReportWriter.h"

#include "ui/FilePath.h"

#include "ui/report/ReportCharts.h"
#include "ui/report/ReportContent.h"
#include "ui/report/ReportHtml.h"
#include "ui/report/ReportPagination.h"
#include "ui/report/ReportTimeline.h"
#include "ui/report/ReportWaterfall.h"
#include "ui/session/SessionTrace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPageLayout>
#include <QPainter>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>
#include <filesystem>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::ReportWriter", text); }


bool isPdf(const QString& path) { return QFileInfo(path).suffix().compare(QStringLiteral("pdf"), Qt::CaseInsensitive) == 0; }

// The PDF is laid out like a screen page, in 96-dpi pixels, and drawn scaled onto A4: the body is
// 180 mm (680 px) wide, and the charts are made as wide as that.
constexpr qreal kLayoutDpi = 96;
constexpr int kPdfImageWidth = 676;  // a hair under the body, so no rounding pushes it over
constexpr qreal kFooterHeight = 22;  // layout pixels under each page's body, for the page number

void printPdf(QIODevice* device, const ReportContent& content) {
    QPdfWriter writer(device);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                     QPageLayout::Millimeter));
    writer.setResolution(300);
    writer.setTitle(content.title);
    writer.setCreator(QStringLiteral("GraphLens"));

    QTextDocument document;
    document.setDocumentMargin(0);
    for (int i = 0; i < content.charts.size(); ++i) {
        document.addResource(QTextDocument::ImageResource, QUrl(chartResourceName(i)), content.charts[i].image);
    }
    document.setHtml(reportHtml(content, {/*inlineImages=*/false, /*imageWidth=*/kPdfImageWidth}));
    // Our own page loop rather than QTextDocument::print, which adds 2 cm margins of its own.
    const qreal scale = writer.resolution() / kLayoutDpi;
    const QRectF paint = writer.pageLayout().paintRectPixels(writer.resolution());  // painter origin: its top left
    const QSizeF page(paint.width() / scale, paint.height() / scale - kFooterHeight);
    document.setPageSize(page);  // paginates: a line or image that would cross a page moves to the next
    keepChartsWithLegends(document, int(content.charts.size()));
    const QList<int> blank = blankPages(document);
    QList<int> printed;  // the layout's pages that have something on them
    for (int i = 0; i < document.pageCount(); ++i) {
        if (!blank.contains(i)) printed << i;
    }
    const int pages = int(printed.size());

    QPainter painter(&writer);
    QFont footerFont = document.defaultFont();
    footerFont.setPointSizeF(8);
    for (int n = 0; n < pages; ++n) {
        const int i = printed[n];
        if (n > 0) writer.newPage();
        painter.save();
        painter.scale(scale, scale);
        painter.translate(0, -i * page.height());
        document.drawContents(&painter, QRectF(QPointF(0, i * page.height()), page));
        painter.restore();
        // In device pixels, where a point-sized font has its printed size.
        painter.setFont(footerFont);
        painter.setPen(QColor(0x88, 0x88, 0x88));
        painter.drawText(QRectF(0, page.height() * scale, paint.width(), kFooterHeight * scale),
                         Qt::AlignRight | Qt::AlignBottom, tr("%1 · page %2 of %3").arg(content.title).arg(n + 1).arg(pages));
    }
}

}  // namespace

bool isReportPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QStringLiteral("pdf") || suffix == QStringLiteral("html") || suffix == QStringLiteral("htm");
}

bool writeReport(const QString& path, const results::Session& session, QString* error) {
    return writeReport(path, session, std::nullopt, error);
}

bool writeReport(const QString& path, const results::Session& session, const std::optional<StepTrace>& trace,
                 QString* error) {
    return writeReport(path, session, trace, SeriesGrouping::byFamily(), error);
}

bool writeReport(const QString& path, const results::Session& session, const std::optional<StepTrace>& trace,
                 const SeriesGrouping& grouping, QString* error) {
    const QString shown = QDir::toNativeSeparators(path);
    if (!isReportPath(path)) {
        if (error) *error = tr("cannot write %1: a report ends in .pdf or .html").arg(shown);
        return false;
    }
    ReportContent content = reportContent(session);
    // A CPU-only session's charts would all be empty: its note says why there are none.
    if (content.chartsNote.isEmpty()) {
        content.charts = renderReportCharts(session.rows, {900, 470}, 2.5, grouping);
        content.seriesBy = QString::fromStdString(groupingSentence(grouping.by(), countMachines(session.rows, grouping)));
        // Where the saved time went: after the charts of medians, as it is of one profiled step per arm.
        if (auto waterfall = renderReportWaterfall(session.rows)) content.charts.append(*waterfall);
    }
    if (trace) {
        if (auto timeline = renderReportTimeline(*trace)) content.charts.append(*timeline);
    }

    QSaveFile file(path);  // writes beside the target and renames on commit(); removed otherwise
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("cannot write %1: %2").arg(shown, file.errorString());
        return false;
    }
    if (isPdf(path)) {
        printPdf(&file, content);
    } else {
        file.write(reportHtml(content).toUtf8());
    }
    if (!file.commit()) {
        if (error) *error = tr("cannot write %1: %2").arg(shown, file.errorString());
        return false;
    }
    return true;
}

bool writeReportFromFile(const QString& sessionPath, const QString& path, QString* error) {
    if (!isReportPath(path)) {
        if (error) *error = tr("cannot write %1: a report ends in .pdf or .html").arg(QDir::toNativeSeparators(path));
        return false;
    }
    results::Session session;
    try {
        session = results::readAnyResultsFile(toPath(sessionPath));
    } catch (const std::exception& failure) {
        // The results layer's messages start with the path already ("x.json: not valid JSON").
        const QString what = QString::fromUtf8(failure.what());
        const QString shown = QDir::toNativeSeparators(sessionPath);
        if (error) *error = what.contains(sessionPath) ? tr("cannot read %1").arg(what)
                                                       : tr("cannot read %1: %2").arg(shown, what);
        return false;
    }
    // The trace the window would open with this session; one that cannot be read is left out, as
    // the window leaves its Timeline tab empty then.
    std::optional<StepTrace> trace;
    if (const QString tracePath = SessionTrace::pathBeside(sessionPath); QFileInfo::exists(tracePath)) {
        QString traceError;
        trace = StepTrace::readFile(tracePath, &traceError);
    }
    return writeReport(path, session, trace, error);
}

}  // namespace graphlens::ui
