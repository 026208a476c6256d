#pragma once
// The one highlight entry point of the chart views: the rows selected in the results table, whose
// points (or bars) the chart marks. Every chart tab implements it; ChartsPanel::highlightRows hands
// the selection to each tab that does. A chart keeps the highlight across redraws (rows streaming
// in) until the next call; an empty list clears it.
#include "results/Measurement.h"

#include <vector>

namespace graphlens::ui {

class HighlightableChart {
public:
    virtual ~HighlightableChart() = default;
    virtual void highlightRows(const std::vector<results::Measurement>& rows) = 0;
};

}  // namespace graphlens::ui
