#pragma once
// What the phases chart draws, gathered from the rows apart from how it is drawn: one bar per
// (series key, batch, arm), eager then graphed for each batch, holding the phase medians and the
// figures shown over or beside it. A bar's index is its category on the chart, so the bar sets, the
// network markers, the ceiling notes and the highlight all find a bar by that index.
#include "results/Measurement.h"
#include "ui/charts/ChartSeries.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::ui {

struct PhaseBar {
    SeriesKey key;
    int batch = 0;
    std::string arm;
    std::vector<std::optional<double>> phaseMs;  // parallel to PhaseBars::phases
    std::optional<double> networkFraction;
    std::optional<double> speedupCeiling;
    std::optional<double> speedup;  // graphed bars: the measured speedup of the step
    // Graphed training in step scope: forward, loss, backward and optimizer are one graph replay
    // that the phase pass cannot split, so only data has a time.
    bool oneReplay = false;

    // The height of the bar in the stack: its measured phases added up, an unmeasured one as 0.
    double stackedMs() const;
};

struct PhaseBars {
    // Timed ok rows (metricCurves' rule) of the eager and graphed arms; a (key, batch, arm) with no
    // phase measured has no bar.
    // `grouping`: a bar per machine too (SeriesGrouping).
    static PhaseBars of(const std::vector<results::Measurement>& rows,
                        const SeriesGrouping& grouping = SeriesGrouping::byFamily());

    // Every key among the usable rows, bars or not: what the categories and the title tell apart.
    std::vector<SeriesKey> keys;
    // The phase columns present in the rows, in step order ("data_ms", "forward_ms", ...).
    std::vector<std::string> phases;
    // Per key in order of first appearance, ascending batch, then eager before graphed.
    std::vector<PhaseBar> bars;

    // The bar of a row: its key, batch and arm (any pass), for the highlight.
    std::optional<int> indexOf(const results::Measurement& row) const;
    double maxStackedMs() const;

    SeriesGrouping grouping;  // how the keys were made, so a row finds its bar
};

}  // namespace graphlens::ui
