#pragma once
// What the speedup and step-time charts draw, computed from rows without any widget: the series of
// ChartSeries::metricCurves (the one grouping of rows: family, precision, memory format, phase,
// scope), reshaped into a speedup with its interval, or eager and graphed medians, per batch.
#include "results/Measurement.h"
#include "ui/charts/ChartSeries.h"
#include "ui/models/RowLabels.h"  // curveScope, phaseLabel: shared with the table

#include <optional>
#include <string>
#include <vector>

namespace graphlens::ui {

// The rows every chart draws: status ok, timed pass (a profiled pass runs with CUPTI on and is
// slower by design, DESIGN §2; its metrics are merged onto the timed row), batch >= 1.
bool usableTimedRow(const results::Measurement& row);

// What else tells an inference configuration apart: "channels_last" for that memory format,
// "network" for the network-only scope, both joined by " · "; empty for nchw in step scope (and for
// a training row's memory format, which is always nchw). Such rows are measurements of their own,
// never points of the default curve.
std::string curveVariant(const results::Measurement& row);

struct SpeedupPoint {
    int batch = 0;
    double speedup = 0;
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
};

// The advisor's speedup, predicted from the eager arm alone before any capture (predicted_speedup),
// and, where the graphed arm was measured too, how far its predicted graphed step was off.
struct PredictedSpeedupPoint {
    int batch = 0;
    double speedup = 0;
    std::optional<double> errorPct;  // prediction_error_pct: 100 * (predicted - measured) / measured step
};

struct SpeedupCurve {
    std::string family;
    std::string precision;
    std::string phase;
    std::string scope;  // curveScope(): training graph scope, empty for inference
    std::string variant;  // curveVariant(): memory format and inference scope when not the default
    std::vector<SpeedupPoint> points;  // ascending batch; a repeated batch keeps the last row
    SeriesKey key;  // the rows' key, for SeriesNaming
    // Ascending batch; the graphed row's prediction, else the eager row's (an advise session has
    // eager rows only, so its curves have predictions and no measured points).
    std::vector<PredictedSpeedupPoint> predicted;

    const SpeedupPoint* measuredAt(int batch) const;
    const PredictedSpeedupPoint* predictedAt(int batch) const;
    // "resnet18 · fp16 · infer", "resnet18 · fp16 · infer · channels_last", "resnet18 · amp-fp16 · train (step scope)"
    std::string label() const;
    // The row's configuration (and machine, when the curves are drawn per machine) is this curve's.
    bool holds(const results::Measurement& row, const SeriesGrouping& grouping = SeriesGrouping::byFamily()) const;
};

// Curves in order of first appearance, so colours stay stable while rows stream in; a key with a
// prediction but no measured speedup (an advise session) is a curve of predictions alone.
// `grouping`: a curve per machine too (SeriesGrouping); by family by default.
std::vector<SpeedupCurve> speedupCurves(const std::vector<results::Measurement>& rows,
                                        const SeriesGrouping& grouping = SeriesGrouping::byFamily());

// Same grouping for the step-time chart: eager and graphed medians per batch (absent when missing),
// each with its bootstrap 95% interval when the row has one.
struct StepTimePoint {
    int batch = 0;
    std::optional<double> eagerMs;
    std::optional<double> graphedMs;
    std::optional<double> eagerCiLow, eagerCiHigh;
    std::optional<double> graphedCiLow, graphedCiHigh;
};
struct StepTimeCurve {
    std::string family;
    std::string precision;
    std::string phase;
    std::string scope;  // as SpeedupCurve::scope
    std::string variant;  // as SpeedupCurve::variant
    std::vector<StepTimePoint> points;
    SeriesKey key;  // the rows' key, for SeriesNaming
    std::string label() const;
    bool holds(const results::Measurement& row, const SeriesGrouping& grouping = SeriesGrouping::byFamily()) const;
};
std::vector<StepTimeCurve> stepTimeCurves(const std::vector<results::Measurement>& rows,
                                          const SeriesGrouping& grouping = SeriesGrouping::byFamily());

}  // namespace graphlens::ui
