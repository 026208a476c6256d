#pragma once
// What the speedup chart draws, computed from rows without any widget: one curve per
// (family, precision, phase), graphed rows with status ok and a speedup, sorted by batch.
#include "results/Measurement.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::ui {

// The rows every chart draws: status ok, timed pass (a profiled pass runs with CUPTI on and is
// slower by design, DESIGN §2; its metrics are merged onto the timed row), batch >= 1.
bool usableTimedRow(const results::Measurement& row);

struct SpeedupPoint {
    int batch = 0;
    double speedup = 0;
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
};

struct SpeedupCurve {
    std::string family;
    std::string precision;
    std::string phase;
    std::vector<SpeedupPoint> points;  // ascending batch; a repeated batch keeps the last row

    std::string label() const;  // "resnet18 · fp16 · infer"
};

// Curves in order of first appearance, so colours stay stable while rows stream in.
std::vector<SpeedupCurve> speedupCurves(const std::vector<results::Measurement>& rows);

// Same grouping for the step-time chart: eager and graphed medians per batch (absent when missing).
struct StepTimePoint {
    int batch = 0;
    std::optional<double> eagerMs;
    std::optional<double> graphedMs;
};
struct StepTimeCurve {
    std::string family;
    std::string precision;
    std::string phase;
    std::vector<StepTimePoint> points;
    std::string label() const;
};
std::vector<StepTimeCurve> stepTimeCurves(const std::vector<results::Measurement>& rows);

}  // namespace graphlens::ui
