#pragma once
// Splitting one sweep plan into shards that together measure every point of it exactly once. A point
// is (phase, memory format, batch): the plan measures their product, and so does each shard, so a
// shard is a plan in its own right (`sweep --plan`, the window's worker).
#include "results/SweepPlan.h"

#include <string>
#include <vector>

namespace graphlens::fleet {

struct PlanPoint {
    std::string phase;
    std::string memoryFormat;
    int batch = 0;
    bool operator==(const PlanPoint&) const = default;
};

// The plan's points, phase-major, then memory format, then batch.
std::vector<PlanPoint> planPoints(const results::SweepPlan& plan);

// N shards as even as the product allows: batches are divided first, then memory formats, then
// phases. Throws ResultsError when N < 1 or N exceeds the plan's points. Shards name no outputs.
std::vector<results::SweepPlan> splitPlan(const results::SweepPlan& plan, int shards);

// One shard per value of a dimension: "batch", "phase", "memory-format", or "family" (a plan names one
// family, so that is one shard). Throws ResultsError for another dimension.
std::vector<results::SweepPlan> splitPlanBy(const results::SweepPlan& plan, const std::string& dimension);

}  // namespace graphlens::fleet
