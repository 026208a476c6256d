#pragma once
// "Where the saved time went" as a report chart: the waterfall of the summary card's headline graphed
// row (SavedTimeWaterfall::headlineRow), with its reading caption. Nothing when no row has explain_* figures.
#include "results/Measurement.h"
#include "ui/report/ReportContent.h"

#include <optional>
#include <vector>

namespace graphlens::ui {

std::optional<ReportChart> renderReportWaterfall(const std::vector<results::Measurement>& rows,
                                                 QSize size = {900, 420}, qreal scale = 2.5);

}  // namespace graphlens::ui
