#include "ui/charts/SpeedupSeries.h"

#include "ui/charts/ChartSeries.h"

#include <algorithm>

namespace graphlens::ui {
namespace {

using results::Measurement;

template <typename Curve>
bool curveHolds(const Curve& c, const Measurement& row, const SeriesGrouping& grouping) {
    return c.family == row.family && c.precision == row.precision && c.phase == row.phase &&
           c.scope == curveScope(row) && c.variant == curveVariant(row) && c.key.machine == grouping.machineOf(row);
}

template <typename Point>
Point& pointFor(std::vector<Point>& points, int batch) {
    auto at = std::lower_bound(points.begin(), points.end(), batch,
                               [](const Point& p, int b) { return p.batch < b; });
    if (at != points.end() && at->batch == batch) return *at;
    Point fresh;
    fresh.batch = batch;
    return *points.insert(at, fresh);
}

std::string joinLabel(const std::string& family, const std::string& precision, const std::string& phase,
                      const std::string& scope, const std::string& variant) {
    std::string label = family;
    for (const auto& part : {precision, phaseLabel(phase, scope), variant}) {
        if (!part.empty()) label += " · " + part;
    }
    return label;
}

}  // namespace

// Timed figures only: a profiled pass runs with CUPTI on and is slower by design (DESIGN §2).
bool usableTimedRow(const results::Measurement& row) {
    return row.status == "ok" && row.pass != "profiled" && row.batch >= 1;
}

std::string curveVariant(const results::Measurement& row) {
    std::string variant;
    if (row.memory_format == "channels_last") variant = row.memory_format;
    if (row.phase != "train" && row.scope == "network") variant += (variant.empty() ? "" : " · ") + row.scope;
    return variant;
}

std::string SpeedupCurve::label() const {
    return joinLabel(family, precision, phase, scope, variant) + (key.machine.empty() ? "" : " · " + key.machine);
}
std::string StepTimeCurve::label() const {
    return joinLabel(family, precision, phase, scope, variant) + (key.machine.empty() ? "" : " · " + key.machine);
}
bool SpeedupCurve::holds(const results::Measurement& row, const SeriesGrouping& grouping) const {
    return curveHolds(*this, row, grouping);
}

const SpeedupPoint* SpeedupCurve::measuredAt(int batch) const {
    for (const auto& p : points) {
        if (p.batch == batch) return &p;
    }
    return nullptr;
}

const PredictedSpeedupPoint* SpeedupCurve::predictedAt(int batch) const {
    for (const auto& p : predicted) {
        if (p.batch == batch) return &p;
    }
    return nullptr;
}
bool StepTimeCurve::holds(const results::Measurement& row, const SeriesGrouping& grouping) const {
    return curveHolds(*this, row, grouping);
}

namespace {

// A SpeedupCurve or StepTimeCurve for the rows of one ChartSeries key.
template <typename Curve>
Curve curveOfKey(const SeriesKey& key) {
    Measurement probe;
    probe.family = key.family;
    probe.precision = key.precision;
    probe.memory_format = key.memory_format;
    probe.phase = key.phase;
    probe.scope = key.scope;
    Curve curve;  // members named one by one: SpeedupCurve has more of them than StepTimeCurve
    curve.family = key.family;
    curve.precision = key.precision;
    curve.phase = key.phase;
    curve.scope = curveScope(probe);
    curve.variant = curveVariant(probe);
    curve.key = key;
    return curve;
}

const MetricCurve* findCurve(const std::vector<MetricCurve>& curves, const SeriesKey& key, const std::string& arm,
                             const std::string& metric) {
    for (const auto& curve : curves) {
        if (curve.key == key && curve.arm == arm && curve.metric == metric) return &curve;
    }
    return nullptr;
}

// The advisor's predictions onto the curves of their keys (a new curve for a key with none). Both arms
// carry the same prediction; the graphed row's is taken first as only it has the prediction's error.
void addPredictions(std::vector<SpeedupCurve>& curves, const std::vector<results::Measurement>& rows,
                    const SeriesGrouping& grouping) {
    const auto metrics =
        metricCurves(rows, {"graphed", "eager"},
                     {{"predicted_speedup", [](const Measurement& r) { return r.predicted_speedup; }},
                      {"prediction_error_pct", [](const Measurement& r) { return r.prediction_error_pct; }}},
                     grouping);
    for (const auto& predicted : metrics) {
        if (predicted.metric != "predicted_speedup") continue;
        auto curve = std::find_if(curves.begin(), curves.end(), [&](const auto& c) { return c.key == predicted.key; });
        if (curve == curves.end()) curve = curves.insert(curves.end(), curveOfKey<SpeedupCurve>(predicted.key));
        const auto* error = findCurve(metrics, predicted.key, predicted.arm, "prediction_error_pct");
        for (const auto& p : predicted.points) {
            if (curve->predictedAt(p.batch) || !(p.value > 0)) continue;  // the graphed row's came first
            auto& point = pointFor(curve->predicted, p.batch);
            point.speedup = p.value;
            point.errorPct = error ? error->at(p.batch) : std::nullopt;
        }
    }
}

}  // namespace

// Both are ChartSeries::metricCurves over the timed ok rows, reshaped: the charts group rows one way.
std::vector<SpeedupCurve> speedupCurves(const std::vector<results::Measurement>& rows,
                                        const SeriesGrouping& grouping) {
    // Eager rows carry no speedup; failed rows never draw a point (metricCurves keeps usable rows only).
    const auto metrics = metricCurves(rows, {"graphed"},
                                      {{"speedup", [](const Measurement& r) { return r.speedup; }},
                                       {"speedup_ci_low", [](const Measurement& r) { return r.speedup_ci_low; }},
                                       {"speedup_ci_high", [](const Measurement& r) { return r.speedup_ci_high; }}},
                                      grouping);
    std::vector<SpeedupCurve> curves;
    for (const auto& speedup : metrics) {
        if (speedup.metric != "speedup") continue;
        auto curve = curveOfKey<SpeedupCurve>(speedup.key);
        const auto* low = findCurve(metrics, speedup.key, "graphed", "speedup_ci_low");
        const auto* high = findCurve(metrics, speedup.key, "graphed", "speedup_ci_high");
        for (const auto& p : speedup.points) {
            curve.points.push_back({p.batch, p.value, low ? low->at(p.batch) : std::nullopt,
                                    high ? high->at(p.batch) : std::nullopt});
        }
        curves.push_back(std::move(curve));
    }
    addPredictions(curves, rows, grouping);
    return curves;
}

std::vector<StepTimeCurve> stepTimeCurves(const std::vector<results::Measurement>& rows,
                                          const SeriesGrouping& grouping) {
    const auto metrics = metricCurves(rows, {"eager", "graphed"},
                                      {{"median", [](const Measurement& r) { return r.step_ms_median; }},
                                       {"ci_low", [](const Measurement& r) { return r.step_ms_ci_low; }},
                                       {"ci_high", [](const Measurement& r) { return r.step_ms_ci_high; }}},
                                      grouping);
    std::vector<StepTimeCurve> curves;
    std::vector<SeriesKey> done;
    for (const auto& first : metrics) {
        if (first.metric != "median" || std::find(done.begin(), done.end(), first.key) != done.end()) continue;
        done.push_back(first.key);
        auto curve = curveOfKey<StepTimeCurve>(first.key);
        for (const char* arm : {"eager", "graphed"}) {
            const auto* median = findCurve(metrics, first.key, arm, "median");
            if (!median) continue;
            const auto* low = findCurve(metrics, first.key, arm, "ci_low");
            const auto* high = findCurve(metrics, first.key, arm, "ci_high");
            const bool eager = std::string(arm) == "eager";
            for (const auto& p : median->points) {
                auto& point = pointFor(curve.points, p.batch);
                (eager ? point.eagerMs : point.graphedMs) = p.value;
                (eager ? point.eagerCiLow : point.graphedCiLow) = low ? low->at(p.batch) : std::nullopt;
                (eager ? point.eagerCiHigh : point.graphedCiHigh) = high ? high->at(p.batch) : std::nullopt;
            }
        }
        curves.push_back(std::move(curve));
    }
    return curves;
}

}  // namespace graphlens::ui
