#include "planning/PlanSearch.h"

#include "planning/PoolModel.h"

#include <algorithm>
#include <map>

namespace graphlens::planning {
namespace {

constexpr double kTie = 1e-12;

bool dominates(const PlanLabel& a, const PlanLabel& b) {
    return a.memory <= b.memory + kTie && a.mean <= b.mean + kTie && a.tail <= b.tail + kTie;
}

// Keeps the labels no other label dominates (one of equal ones), ascending memory; drops those above the budget.
std::vector<PlanLabel> pareto(std::vector<PlanLabel> labels, std::optional<double> budgetMiB) {
    std::sort(labels.begin(), labels.end(), [](const PlanLabel& a, const PlanLabel& b) {
        if (a.memory != b.memory) return a.memory < b.memory;
        if (a.mean != b.mean) return a.mean < b.mean;
        return a.tail < b.tail;
    });
    std::vector<PlanLabel> kept;
    for (auto& label : labels) {
        if (budgetMiB && label.memory > *budgetMiB + 1e-9) break;  // sorted: the rest are above it too
        const bool beaten = std::any_of(kept.begin(), kept.end(), [&](const PlanLabel& k) { return dominates(k, label); });
        if (!beaten) kept.push_back(std::move(label));
    }
    return kept;
}

PlanLabel joined(const PlanLabel& a, const PlanLabel& b) {
    PlanLabel label{a.memory + b.memory, a.mean + b.mean, a.tail + b.tail, a.captured};
    label.captured.insert(label.captured.end(), b.captured.begin(), b.captured.end());
    return label;
}

}  // namespace

std::size_t PlanSearch::Group::countUpTo(int batch) const {
    return static_cast<std::size_t>(std::upper_bound(requests.begin(), requests.end(), batch,
                                                     [](int b, const PlannedRequest& r) { return b < r.shape.batch; }) -
                                    requests.begin());
}

PlanSearch::PlanSearch(std::vector<PlannedRequest> requests, const CostTable& table, std::vector<const ShapeCost*> candidates)
    : requests_(std::move(requests)), table_(table), candidates_(std::move(candidates)) {
    std::map<int, Group> byImgsz;
    for (const auto& request : requests_) byImgsz[request.shape.imgsz].requests.push_back(request);
    for (const auto* cost : candidates_) {
        const auto found = byImgsz.find(cost->shape.imgsz);
        if (found != byImgsz.end()) found->second.candidates.push_back(cost);
    }
    for (auto& [imgsz, group] : byImgsz) {
        std::sort(group.requests.begin(), group.requests.end(),
                  [](const PlannedRequest& a, const PlannedRequest& b) { return a.shape.batch < b.shape.batch; });
        std::sort(group.candidates.begin(), group.candidates.end(),
                  [](const ShapeCost* a, const ShapeCost* b) { return a->shape.batch < b->shape.batch; });
        group.shareUpTo.assign(1, 0.0);
        group.eagerMeanUpTo.assign(1, 0.0);
        for (const auto& request : group.requests) {
            group.shareUpTo.push_back(group.shareUpTo.back() + request.share);
            group.eagerMeanUpTo.push_back(group.eagerMeanUpTo.back() + request.share * request.eagerMs);
        }
        groups_.push_back(std::move(group));
    }
}

double PlanSearch::memoryOf(const ShapeCost& cost, const ShapeCost& base) const {
    return table_.memoryBeside(cost, base);
}

std::vector<PlanLabel> PlanSearch::chainFront(const Group& group, const ShapeCost& base, std::optional<double> threshold,
                                              std::optional<double> budgetMiB) const {
    // The group's candidates this base allows: itself, and those captured after it (smaller pools).
    std::vector<const ShapeCost*> allowed;
    int forced = -1;
    for (const auto* cost : group.candidates) {
        if (cost == &base) forced = static_cast<int>(allowed.size());
        if (cost == &base || capturedBefore(base, *cost)) allowed.push_back(cost);
    }
    // Requests (from, to] in the group's order: share above the threshold, and mean when served eagerly.
    const auto eagerTail = [&](std::size_t from, std::size_t to) {
        double tail = 0;
        for (std::size_t k = from; k < to && threshold; ++k) {
            if (group.requests[k].eagerMs > *threshold) tail += group.requests[k].share;
        }
        return tail;
    };
    const int m = static_cast<int>(allowed.size());
    std::vector<std::vector<PlanLabel>> ending(static_cast<std::size_t>(m));
    const PlanLabel start;
    for (int j = 0; j < m; ++j) {
        const ShapeCost& graph = *allowed[static_cast<std::size_t>(j)];
        const std::size_t to = group.countUpTo(graph.shape.batch);
        std::vector<PlanLabel> labels;
        for (int i = -1; i < j; ++i) {
            if (forced >= 0 && i < forced && forced < j) continue;  // would leave the base out
            const int fromBatch = i < 0 ? 0 : allowed[static_cast<std::size_t>(i)]->shape.batch;
            const std::size_t from = group.countUpTo(fromBatch);
            const double share = group.shareUpTo[to] - group.shareUpTo[from];
            PlanLabel link{memoryOf(graph, base), share * *graph.graphedMs,
                           threshold && *graph.graphedMs > *threshold ? share : 0.0, {graph.shape}};
            if (i < 0) {
                labels.push_back(joined(start, link));
            } else {
                for (const auto& before : ending[static_cast<std::size_t>(i)]) labels.push_back(joined(before, link));
            }
        }
        ending[static_cast<std::size_t>(j)] = pareto(std::move(labels), budgetMiB);
    }
    // Close each chain: the requests past its last graph run eagerly.
    const std::size_t all = group.requests.size();
    std::vector<PlanLabel> closed;
    for (int j = -1; j < m; ++j) {
        if (forced >= 0 && j < forced) continue;
        const std::size_t from = j < 0 ? 0 : group.countUpTo(allowed[static_cast<std::size_t>(j)]->shape.batch);
        const PlanLabel rest{0, group.eagerMeanUpTo[all] - group.eagerMeanUpTo[from], eagerTail(from, all), {}};
        if (j < 0) {
            closed.push_back(rest);
        } else {
            for (const auto& chain : ending[static_cast<std::size_t>(j)]) closed.push_back(joined(chain, rest));
        }
    }
    return pareto(std::move(closed), budgetMiB);
}

std::vector<PlanLabel> PlanSearch::front(std::optional<double> threshold, std::optional<double> budgetMiB) const {
    std::vector<PlanLabel> all;
    // No graphs at all.
    PlanLabel none;
    for (const auto& request : requests_) {
        none.mean += request.share * request.eagerMs;
        if (threshold && request.eagerMs > *threshold) none.tail += request.share;
    }
    all.push_back(none);
    for (const auto* base : candidates_) {
        if (budgetMiB && *base->poolMiB > *budgetMiB + 1e-9) continue;
        std::vector<PlanLabel> combined{PlanLabel{}};
        for (const auto& group : groups_) {
            const auto chains = chainFront(group, *base, threshold, budgetMiB);
            std::vector<PlanLabel> next;
            for (const auto& left : combined) {
                for (const auto& right : chains) next.push_back(joined(left, right));
            }
            combined = pareto(std::move(next), budgetMiB);
        }
        // Sets whose base is not this candidate's own group member cannot arise: its group forces it in.
        all.insert(all.end(), combined.begin(), combined.end());
    }
    return pareto(std::move(all), budgetMiB);
}

std::vector<PlanLabel> PlanSearch::meanFront(std::optional<double> budgetMiB) const { return front(std::nullopt, budgetMiB); }

std::vector<RequestShape> PlanSearch::bestP99(double budgetMiB, double tailShare) const {
    std::vector<double> thresholds;
    for (const auto& request : requests_) thresholds.push_back(request.eagerMs);
    for (const auto* cost : candidates_) thresholds.push_back(*cost->graphedMs);
    std::sort(thresholds.begin(), thresholds.end());
    thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
    const auto bestAt = [&](double threshold) -> std::optional<PlanLabel> {
        std::optional<PlanLabel> best;
        for (auto& label : front(threshold, budgetMiB)) {
            if (label.tail <= tailShare && (!best || label.mean < best->mean - kTie)) best = label;
        }
        return best;
    };
    // The share above T only falls as T grows, and at the largest T no set has any: binary search.
    std::size_t low = 0, high = thresholds.size() - 1;
    while (low < high) {
        const std::size_t middle = (low + high) / 2;
        if (bestAt(thresholds[middle])) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    return bestAt(thresholds[low])->captured;
}

}  // namespace graphlens::planning
