#pragma once
// The exact search behind planCaptures (internal to core/planning). Every captured set has one pool
// base (its first graph in capture order, PoolModel); for each possible base, each image size's
// batches form a chain (requests between two captured batches replay the larger one; those past the
// last run eagerly), and a chain's cost and memory add up link by link. So a dynamic programme over
// the sorted candidates that keeps, at every link, the Pareto front of (memory, mean latency, share
// of requests above a latency T) finds every set worth having, and image sizes combine front by front.
#include "planning/CostTable.h"

#include <optional>
#include <vector>

namespace graphlens::planning {

struct PlannedRequest {
    RequestShape shape;
    double share = 0;    // of all requests
    double eagerMs = 0;  // measured or interpolated
};

struct PlanLabel {
    double memory = 0;  // MiB, PoolModel's
    double mean = 0;    // expected latency, ms
    double tail = 0;    // share of requests slower than the threshold (0 without one)
    std::vector<RequestShape> captured;
};

class PlanSearch {
public:
    // `candidates`: graphable costs of `table`, the shapes a set may hold.
    PlanSearch(std::vector<PlannedRequest> requests, const CostTable& table, std::vector<const ShapeCost*> candidates);

    // Every set not beaten on both memory and mean by another, ascending memory (the first is the empty
    // set). With a budget, sets above it are left out.
    std::vector<PlanLabel> meanFront(std::optional<double> budgetMiB) const;
    // The set within the budget whose p99 latency is lowest (at most `tailShare` of requests above
    // it), and among those the lowest mean.
    std::vector<RequestShape> bestP99(double budgetMiB, double tailShare) const;

private:
    struct Group {  // one image size: its requests and candidates, in batch order
        std::vector<PlannedRequest> requests;
        std::vector<double> shareUpTo;       // shareUpTo[k]: share of the first k requests
        std::vector<double> eagerMeanUpTo;   // the same of share * eagerMs
        std::vector<const ShapeCost*> candidates;
        std::size_t countUpTo(int batch) const;  // requests with batch <= `batch`
    };
    std::vector<PlanLabel> front(std::optional<double> threshold, std::optional<double> budgetMiB) const;
    std::vector<PlanLabel> chainFront(const Group& group, const ShapeCost& base, std::optional<double> threshold,
                                      std::optional<double> budgetMiB) const;
    double memoryOf(const ShapeCost& cost, const ShapeCost& base) const;

    std::vector<PlannedRequest> requests_;
    const CostTable& table_;
    std::vector<const ShapeCost*> candidates_;
    std::vector<Group> groups_;
};

}  // namespace graphlens::planning
