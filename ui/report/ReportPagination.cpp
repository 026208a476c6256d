#include "ui/report/ReportPagination.h"

#include "ui/report/ReportHtml.h"

#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>
#include <cmath>

namespace graphlens::ui {
namespace {

// The paragraph that shows chart `chartIndex` (an image named chartResourceName(chartIndex)).
QTextBlock chartBlock(const QTextDocument& document, int chartIndex) {
    const QString name = chartResourceName(chartIndex);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const auto format = it.fragment().charFormat();
            if (format.isImageFormat() && format.toImageFormat().name() == name) return block;
        }
    }
    return {};
}

// Where chart `image` starts: its caption, the text paragraph right above it (ReportHtml), when there is one.
QTextBlock chartStart(const QTextBlock& image) {
    const QTextBlock caption = image.previous();
    if (caption.isValid() && !caption.text().trimmed().isEmpty() && !QTextCursor(caption).currentTable()) return caption;
    return image;
}

}  // namespace

QList<int> blankPages(const QTextDocument& document) {
    const qreal pageHeight = document.pageSize().height();
    if (pageHeight <= 0) return {};  // not paginated: one endless page
    QList<bool> used(document.pageCount(), false);
    auto* layout = document.documentLayout();
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        QRectF box;
        if (auto* table = QTextCursor(block).currentTable()) {
            box = layout->frameBoundingRect(table);
        } else if (!block.text().isEmpty()) {
            box = layout->blockBoundingRect(block);
        } else {
            continue;
        }
        for (int page = int(std::floor(box.top() / pageHeight)); page <= int(std::floor((box.bottom() - 1) / pageHeight)); ++page) {
            if (page >= 0 && page < used.size()) used[page] = true;
        }
    }
    QList<int> blank;
    for (int page = 0; page < used.size(); ++page) {
        if (!used[page]) blank << page;
    }
    return blank;
}

ChartPages chartPages(const QTextDocument& document, int chartIndex) {
    const qreal pageHeight = document.pageSize().height();
    const QTextBlock block = chartBlock(document, chartIndex);
    if (!block.isValid() || pageHeight <= 0) return {};
    auto* layout = document.documentLayout();
    const qreal top = layout->blockBoundingRect(chartStart(block)).top();
    qreal bottom = layout->blockBoundingRect(block).bottom();
    // The legend is the table right after the chart's paragraph (ReportHtml).
    if (auto* legend = QTextCursor(block.next()).currentTable()) bottom = layout->frameBoundingRect(legend).bottom();
    return {int(std::floor(top / pageHeight)), int(std::floor((bottom - 1) / pageHeight))};
}

void keepChartsWithLegends(QTextDocument& document, int chartCount) {
    for (int i = 0; i < chartCount; ++i) {
        const auto pages = chartPages(document, i);  // laid out again after each break set before it
        if (pages.first < 0 || pages.first == pages.last) continue;
        const QTextBlock block = chartStart(chartBlock(document, i));
        QTextBlockFormat format = block.blockFormat();
        // Already starting a page: chart and legend are taller than a page, nothing to gain.
        if (format.pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) continue;
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).setBlockFormat(format);
    }
}

}  // namespace graphlens::ui
