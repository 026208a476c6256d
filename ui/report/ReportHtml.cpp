#include "ui/report/ReportHtml.h"

#include <QBuffer>
#include <QCoreApplication>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::ReportHtml", text); }
QString esc(const QString& text) { return text.toHtmlEscaped(); }

QString pngDataUrl(const QImage& image) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
}

// Browser layout only: QTextDocument (the PDF) would take the body margin as an indent of every
// page and misread a percentage image width, so print gets sizes in attributes instead.
const char* const kScreenStyle = R"(
body { max-width: 960px; margin: 24px auto; padding: 0 16px; line-height: 1.45; }
img.chart { width: 100%; height: auto; border: 1px solid #ddd; }
)";

// Both read this; QTextDocument reads the subset it knows and ignores the rest.
const char* const kStyle = R"(
body { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #222; }
h1 { font-size: 22pt; margin-bottom: 2px; }
h2 { font-size: 14pt; margin-top: 18px; margin-bottom: 6px; color: #0b4f7c; }
p.subtitle { color: #666; margin-top: 0; }
p.sentence { margin: 4px 0; }
p.warning { margin: 0; color: #8e1b10; }
p.envline { font-weight: bold; }
td.label { color: #555; padding-right: 14px; }
p.caption { margin: 16px 0 4px 0; color: #333; font-size: 9pt; }
p.chart { margin: 4px 0 10px 0; }
table.legend { font-size: 8pt; color: #333; margin-bottom: 14px; }
td.glyph { white-space: nowrap; padding-right: 4px; }
p.footer { color: #888; font-size: 8pt; margin-top: 20px; }
.pagebreak { page-break-before: always; }
)";

// Two columns: a dozen long series names stay readable and the legend stays short.
QString legendHtml(const QList<ReportLegendEntry>& legend) {
    QString html = QStringLiteral("<table class=\"legend\" cellpadding=\"1\" cellspacing=\"0\" width=\"100%\">\n");
    const int rows = int((legend.size() + 1) / 2);
    for (int r = 0; r < rows; ++r) {
        html += QStringLiteral("<tr>");
        for (int column = 0; column < 2; ++column) {
            const int i = column * rows + r;
            if (i >= legend.size()) {
                html += QStringLiteral("<td></td><td></td>");
                continue;
            }
            html += QStringLiteral("<td class=\"glyph\"><span style=\"color:%1\">%2</span></td><td width=\"48%\">%3</td>")
                        .arg(legend[i].color.name(), legend[i].glyph, esc(legend[i].label));
        }
        html += QStringLiteral("</tr>\n");
    }
    return html + QStringLiteral("</table>\n");
}

}  // namespace

QString chartResourceName(int index) { return QStringLiteral("graphlens-chart-%1.png").arg(index); }

QString reportHtml(const ReportContent& content, const ReportHtmlOptions& options) {
    QString html;
    html += QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>") +
            esc(content.title) + QStringLiteral("</title>\n<style>") + QLatin1String(kStyle) +
            (options.imageWidth > 0 ? QString() : QLatin1String(kScreenStyle)) +
            QStringLiteral("</style></head>\n<body>\n");
    html += QStringLiteral("<h1>%1</h1>\n<p class=\"subtitle\">%2</p>\n").arg(esc(content.title), esc(content.subtitle));

    // The answer first, in a tinted box (a one-cell table: QTextDocument draws no block backgrounds).
    html += QStringLiteral("<h2>%1</h2>\n").arg(tr("Summary"));
    if (!content.buildWarning.isEmpty()) {
        // Above the figures it qualifies, so that no one quotes them without it.
        html += QStringLiteral("<table width=\"100%\" cellpadding=\"8\" cellspacing=\"0\" bgcolor=\"#fdecea\" "
                               "style=\"border-left: 4px solid #c0392b\"><tr><td>\n<p class=\"warning\"><b>%1</b> %2</p>\n"
                               "</td></tr></table>\n<p></p>\n")
                    .arg(esc(tr("Not representative:")), esc(content.buildWarning));
    }
    html += QStringLiteral("<table width=\"100%\" cellpadding=\"8\" cellspacing=\"0\" bgcolor=\"#eef5fb\" "
                           "style=\"border-left: 4px solid #0072b2\"><tr><td>\n");
    for (const auto& sentence : content.summary) {
        html += QStringLiteral("<p class=\"sentence\">• %1</p>\n").arg(esc(sentence));
    }
    html += QStringLiteral("</td></tr></table>\n");

    html += QStringLiteral("<h2>%1</h2>\n").arg(tr("Charts"));
    if (!content.chartsNote.isEmpty()) html += QStringLiteral("<p class=\"sentence\">%1</p>\n").arg(esc(content.chartsNote));
    if (!content.seriesBy.isEmpty()) html += QStringLiteral("<p class=\"sentence\">%1</p>\n").arg(esc(content.seriesBy));
    for (int i = 0; i < content.charts.size(); ++i) {
        const auto& chart = content.charts[i];
        const QString src = options.inlineImages ? pngDataUrl(chart.image) : chartResourceName(i);
        // Both sizes for QTextDocument: given the width alone it reserves the image's unscaled height.
        const QSizeF shown = chart.image.deviceIndependentSize();
        const QString width = options.imageWidth > 0 && shown.width() > 0
                                  ? QStringLiteral(" width=\"%1\" height=\"%2\"")
                                        .arg(options.imageWidth)
                                        .arg(qRound(options.imageWidth * shown.height() / shown.width()))
                                  : QString();
        // Above the image, so a reader knows what to look for before looking (ReportPagination keeps them together).
        if (!chart.caption.isEmpty()) html += QStringLiteral("<p class=\"caption\">%1</p>\n").arg(esc(chart.caption));
        html += QStringLiteral("<p class=\"chart\"><img class=\"chart\" src=\"%1\"%2 alt=\"%3\"></p>\n")
                    .arg(src, width, esc(tr("%1 chart").arg(chart.title)));
        if (!chart.legend.isEmpty()) html += legendHtml(chart.legend);
    }

    html += QStringLiteral("<h2 class=\"pagebreak\">%1</h2>\n").arg(tr("Environment"));
    if (!content.environmentLine.isEmpty()) {
        html += QStringLiteral("<p class=\"envline\">%1</p>\n").arg(esc(content.environmentLine));
    }
    if (content.environment.isEmpty()) {
        html += QStringLiteral("<p>%1</p>\n").arg(tr("The session does not record its environment."));
    } else {
        html += QStringLiteral("<table cellpadding=\"2\" cellspacing=\"0\">\n");
        for (const auto& [label, value] : content.environment) {
            html += QStringLiteral("<tr><td class=\"label\">%1</td><td>%2</td></tr>\n").arg(esc(label), esc(value));
        }
        html += QStringLiteral("</table>\n");
    }

    html += QStringLiteral("<h2>%1</h2>\n").arg(tr("Method"));
    for (const auto& paragraph : content.method) html += QStringLiteral("<p>%1</p>\n").arg(esc(paragraph));
    html += QStringLiteral("<p class=\"footer\">%1</p>\n")
                .arg(tr("Written by GraphLens. Everything is in this file, charts included; no GraphLens needed to read it."));
    html += QStringLiteral("</body></html>\n");
    return html;
}

}  // namespace graphlens::ui
