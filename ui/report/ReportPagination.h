#pragma once
// A chart, its caption and its legend on one page of the PDF. QTextDocument moves an image that
// would cross a page to the next one, but lets the caption above it and the legend table below it
// break away: a legend line alone at the top of the next page, a caption left at the bottom of the
// previous one, or a page left all but empty. Before each chart whose caption and legend would not
// share its page, a page break is forced instead.
#include <QList>

class QTextDocument;

namespace graphlens::ui {

// `document` holds reportHtml() with `chartCount` charts and is paginated (setPageSize done).
void keepChartsWithLegends(QTextDocument& document, int chartCount);
// The page the chart `chartIndex` starts on (its caption, or without one its image) and the page its
// legend (or, without one, the image) ends on; {-1, -1} when the document holds no such chart.
struct ChartPages {
    int first = -1;
    int last = -1;
};
ChartPages chartPages(const QTextDocument& document, int chartIndex);
// The pages with nothing on them but empty paragraphs, in order: the paragraph QTextDocument puts
// after the last legend can spill onto a page of its own before the Environment heading's forced
// break. The PDF leaves them out.
QList<int> blankPages(const QTextDocument& document);

}  // namespace graphlens::ui
