#pragma once
// The charts panel's views rendered offscreen to images, one per tab, for the report, each with its
// reading caption (ChartCaptions) and its series given symbols a greyscale print tells apart
// (ReportSymbols). Needs a QApplication (the views are widgets); any platform works, offscreen included.
#include "results/Measurement.h"
#include "ui/charts/SeriesGrouping.h"
#include "ui/report/ReportContent.h"

#include <QSize>
#include <vector>

namespace graphlens::ui {

// size: each chart's logical size; scale: the device pixel ratio of the images (print sharpness);
// grouping: the series by family, GPU, host or driver, as the window's Series by draws them.
QList<ReportChart> renderReportCharts(const std::vector<results::Measurement>& rows, QSize size = {900, 470},
                                      qreal scale = 2.5, const SeriesGrouping& grouping = SeriesGrouping::byFamily());

}  // namespace graphlens::ui
