#pragma once
// What `plan` measures when no session is given: the sweep the optimiser needs (eager and graphed
// inference step times, each shape's own pool and capture time, at the shapes planning::shapesToMeasure
// chose) and then the pooled-capture pass (PooledCapture.h), all through the one engine, in this
// process and without the profiler (its rows are timed rows like any sweep's).
#include "bench/SweepEvents.h"
#include "planning/RequestShape.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace graphlens::bench {

struct PlanCostRun {
    std::vector<results::Measurement> rows;
    nlohmann::json environment = nlohmann::json::object();  // the sweep's, plus planning::kPooledCaptureKey
    int exitCode = 0;                                       // the sweep's
};

// `base` gives the family or model, precision, memory format, seed, steps and rounds; `shapes` have
// their image sizes resolved (a sweep per image size). Throws UsageError for an unusable plan.
PlanCostRun measurePlanCosts(const results::SweepPlan& base, const std::vector<planning::RequestShape>& shapes,
                             SweepEvents& events);

}  // namespace graphlens::bench
