#include "ui/charts/SpeedupSeries.h"

#include <algorithm>

namespace graphlens::ui {
namespace {

using results::Measurement;

template <typename Curve>
bool curveHolds(const Curve& c, const Measurement& row) {
    return c.family == row.family && c.precision == row.precision && c.phase == row.phase &&
           c.scope == curveScope(row) && c.variant == curveVariant(row);
}

template <typename Curve>
Curve& curveFor(std::vector<Curve>& curves, const Measurement& row) {
    auto found = std::find_if(curves.begin(), curves.end(), [&](const Curve& c) { return curveHolds(c, row); });
    if (found != curves.end()) return *found;
    curves.push_back(Curve{row.family, row.precision, row.phase, curveScope(row), curveVariant(row), {}});
    return curves.back();
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

bool usable(const Measurement& row) { return usableTimedRow(row); }

}  // namespace

// Timed figures only: a profiled pass runs with CUPTI on and is slower by design (DESIGN §2).
bool usableTimedRow(const results::Measurement& row) {
    return row.status == "ok" && row.pass != "profiled" && row.batch >= 1;
}

std::string curveScope(const results::Measurement& row) { return row.phase == "train" ? row.scope : std::string(); }

std::string phaseLabel(const std::string& phase, const std::string& scope) {
    // "step" means something else for inference (what the step contains), so a training scope is
    // spelled out rather than appended bare.
    if (phase == "train" && !scope.empty()) return phase + " (" + scope + " scope)";
    return phase;
}

std::string curveVariant(const results::Measurement& row) {
    std::string variant;
    if (row.memory_format == "channels_last") variant = row.memory_format;
    if (row.phase != "train" && row.scope == "network") variant += (variant.empty() ? "" : " · ") + row.scope;
    return variant;
}

std::string SpeedupCurve::label() const { return joinLabel(family, precision, phase, scope, variant); }
std::string StepTimeCurve::label() const { return joinLabel(family, precision, phase, scope, variant); }
bool SpeedupCurve::holds(const results::Measurement& row) const { return curveHolds(*this, row); }
bool StepTimeCurve::holds(const results::Measurement& row) const { return curveHolds(*this, row); }

std::vector<SpeedupCurve> speedupCurves(const std::vector<results::Measurement>& rows) {
    std::vector<SpeedupCurve> curves;
    for (const auto& row : rows) {
        // Eager rows carry no speedup; failed rows must not draw a misleading point.
        if (row.arm != "graphed" || !usable(row) || !row.speedup) continue;
        auto& point = pointFor(curveFor(curves, row).points, row.batch);
        point.speedup = *row.speedup;
        point.ciLow = row.speedup_ci_low;
        point.ciHigh = row.speedup_ci_high;
    }
    return curves;
}

std::vector<StepTimeCurve> stepTimeCurves(const std::vector<results::Measurement>& rows) {
    std::vector<StepTimeCurve> curves;
    for (const auto& row : rows) {
        if (!usable(row) || !row.step_ms_median) continue;
        if (row.arm != "eager" && row.arm != "graphed") continue;
        auto& point = pointFor(curveFor(curves, row).points, row.batch);
        const bool eager = row.arm == "eager";
        (eager ? point.eagerMs : point.graphedMs) = row.step_ms_median;
        (eager ? point.eagerCiLow : point.graphedCiLow) = row.step_ms_ci_low;
        (eager ? point.eagerCiHigh : point.graphedCiHigh) = row.step_ms_ci_high;
    }
    return curves;
}

}  // namespace graphlens::ui
