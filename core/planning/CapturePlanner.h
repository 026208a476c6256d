#pragma once
// Which shapes to capture for a request mix under a memory budget. A request is padded up to the
// smallest captured batch of its image size that holds it and costs that graph's replay; a request
// larger than every captured batch runs eagerly at its own size. The optimiser is exact: for each
// possible pool base (the set's largest graph) a chain over the sorted batches of each image size
// keeps the Pareto front of (memory, cost), and image sizes are combined front by front. For the p99
// objective it searches the smallest latency T that at most 1% of requests exceed within the budget,
// then the lowest mean among the sets that reach it.
#include "planning/CostTable.h"
#include "planning/RequestMix.h"

#include <string>
#include <vector>

namespace graphlens::planning {

enum class Objective { Mean, P99 };
Objective objectiveOf(const std::string& name);  // "mean" | "p99"; throws std::invalid_argument
std::string nameOf(Objective objective);

// What serving the mix with one set of captured shapes is expected to cost.
struct PlanFigures {
    std::vector<RequestShape> captured;  // in capture order (pool base first)
    double meanMs = 0;                   // expected latency per request
    double p99Ms = 0;                    // the smallest latency that at least 99% of requests meet
    double paddingWastePct = 0;          // padded rows / rows computed, in %
    double eagerRequestsPct = 0;         // requests larger than every captured batch, in %
    double poolMiB = 0;                  // the shared pool (PoolModel)
    double captureMs = 0;                // capturing the set at start-up (sum of single captures)
    bool poolIsUpperBound = false;       // no pooled increments: the sum of single pools
};

struct Baseline {
    std::string name;          // "no graphs", "every measured size", "powers of two", "vLLM-style list"
    PlanFigures figures;
    bool fitsBudget = true;
    std::vector<std::string> unmeasured;  // members of the list that have no measured graph (left out)
};

struct CurvePoint {  // the best mean latency reachable within poolMiB, on the Pareto front
    double poolMiB = 0;
    double meanMs = 0;
    std::vector<RequestShape> captured;
};

struct CapturePlan {
    Objective objective = Objective::Mean;
    double budgetMiB = 0;
    PlanFigures chosen;
    std::vector<Baseline> baselines;
    std::vector<CurvePoint> curve;    // ascending pool, strictly falling mean; first point: no graphs
    std::vector<std::string> notes;   // about the costs (interpolations, refused shapes) and the memory model
};

// Thrown when the mix cannot be planned from these costs (a request size outside the measured range)
// or the budget holds no graph; what() is one line for the user.
class PlanError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Costs of serving the mix with exactly `captured` (every member graphable).
PlanFigures evaluatePlan(const RequestMix& mix, const CostTable& table, const std::vector<RequestShape>& captured);

// Throws PlanError when a request shape has no eager cost, and when no graphable shape fits the
// budget (the message recommends serving the mix eagerly and names the smallest pool).
CapturePlan planCaptures(const RequestMix& mix, const CostTable& table, double budgetMiB, Objective objective);

// The shapes the planner measures for a mix: every distinct batch when there are at most 16 of an
// image size, else a grid dense enough for safe interpolation (1, 2, 3, 4, 6, 8, 12, ... 1.5x apart);
// plus the baselines' members (powers of two; 1, 2, 4 and multiples of 8 up to 64) up to the first
// that holds the largest request.
std::vector<RequestShape> shapesToMeasure(const RequestMix& mix);

}  // namespace graphlens::planning
