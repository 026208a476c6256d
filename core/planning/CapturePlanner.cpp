#include "planning/CapturePlanner.h"

#include "planning/PlanSearch.h"
#include "planning/PoolModel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace graphlens::planning {
namespace {

constexpr double kTailShare = 0.01;   // p99: at most 1% of requests above it
constexpr double kShareSlack = 1e-9;  // shares are sums of doubles

std::string joinShapes(const std::vector<RequestShape>& shapes) {
    std::string text;
    for (const auto& shape : shapes) text += (text.empty() ? "" : ", ") + describe(shape);
    return text.empty() ? "none" : text;
}

std::string fixed(double value, int digits) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(digits);
    out << value;
    return out.str();
}

std::vector<PlannedRequest> plannedRequests(const RequestMix& mix, const CostTable& table, std::vector<std::string>* notes) {
    if (mix.entries.empty() || !(mix.total() > 0)) throw PlanError(mix.source + ": no requests to plan for");
    std::vector<PlannedRequest> requests;
    std::vector<std::string> interpolated, shaky;
    for (const auto& entry : mix.entries) {
        const auto cost = table.eager(entry.shape);
        if (!cost) {
            std::string measured;
            for (const auto& known : table.costs()) {
                if (known.shape.imgsz == entry.shape.imgsz) measured += (measured.empty() ? "" : ", ") + std::to_string(known.shape.batch);
            }
            const std::string size = entry.shape.imgsz > 0 ? " at " + std::to_string(entry.shape.imgsz) + " px" : "";
            throw PlanError(mix.source + ":" + std::to_string(entry.firstLine) + ": batch " + std::to_string(entry.shape.batch) +
                            size + " has no measured cost and lies outside the measured batches (" +
                            (measured.empty() ? std::string("none at this image size") : measured) +
                            "): measure it, or plan from costs that cover it");
        }
        if (cost->interpolated) (cost->safe ? interpolated : shaky).push_back(describe(entry.shape));
        requests.push_back({entry.shape, entry.count / mix.total(), cost->ms});
    }
    if (notes && !interpolated.empty()) {
        notes->push_back("eager cost of " + std::to_string(interpolated.size()) +
                         " unmeasured request sizes interpolated linearly between measured neighbours, where the "
                         "measured curve is straight (the line predicts the next measured size within 10%)");
    }
    if (notes && !shaky.empty()) {
        std::string list;
        for (const auto& size : shaky) list += (list.empty() ? "" : ", ") + size;
        notes->push_back("eager cost of batch " + list +
                         " interpolated where the measurements do not show a straight line: measure these sizes for firm figures");
    }
    return requests;
}

double latencyQuantile(std::vector<std::pair<double, double>> latencyShares, double quantile) {
    std::sort(latencyShares.begin(), latencyShares.end());
    double cumulative = 0;
    for (const auto& [latency, share] : latencyShares) {
        cumulative += share;
        if (cumulative >= quantile - kShareSlack) return latency;
    }
    return latencyShares.empty() ? 0 : latencyShares.back().first;
}

std::vector<RequestShape> listUpTo(const RequestMix& mix, bool vllmSteps) {
    std::map<int, int> largestByImgsz;
    for (const auto& entry : mix.entries) {
        int& largest = largestByImgsz[entry.shape.imgsz];
        largest = std::max(largest, entry.shape.batch);
    }
    std::vector<RequestShape> shapes;
    for (const auto& [imgsz, largest] : largestByImgsz) {
        for (int batch = 1;; ) {
            shapes.push_back({imgsz, batch});
            if (batch >= largest) break;
            batch = vllmSteps && batch >= 8 ? batch + 8 : batch * 2;  // vLLM: 1, 2, 4, 8, 16, 24, ...
        }
    }
    return shapes;
}

Baseline baseline(const std::string& name, const RequestMix& mix, const CostTable& table, const std::vector<RequestShape>& members,
                  double budgetMiB) {
    Baseline result;
    result.name = name;
    std::vector<RequestShape> measured;
    for (const auto& shape : members) {
        const auto* cost = table.find(shape);
        if (cost && cost->graphable()) {
            measured.push_back(shape);
        } else {
            result.unmeasured.push_back(describe(shape));
        }
    }
    result.figures = evaluatePlan(mix, table, measured);
    result.fitsBudget = result.figures.poolMiB <= budgetMiB + 1e-9;
    return result;
}

}  // namespace

Objective objectiveOf(const std::string& name) {
    if (name == "mean") return Objective::Mean;
    if (name == "p99") return Objective::P99;
    throw std::invalid_argument("objective '" + name + "' (expected mean or p99)");
}

std::string nameOf(Objective objective) { return objective == Objective::Mean ? "mean" : "p99"; }

PlanFigures evaluatePlan(const RequestMix& mix, const CostTable& table, const std::vector<RequestShape>& captured) {
    const auto requests = plannedRequests(mix, table, nullptr);
    PlanFigures figures;
    figures.captured = captureOrder(table, captured);
    std::vector<std::pair<double, double>> latencyShares;
    double rowsComputed = 0, rowsPadded = 0;
    for (const auto& request : requests) {
        double latency = request.eagerMs;
        int rows = request.shape.batch;
        if (const auto* graph = servingShape(captured, request.shape)) {
            latency = *table.find(*graph)->graphedMs;
            rows = graph->batch;
            rowsPadded += request.share * (graph->batch - request.shape.batch);
        } else {
            figures.eagerRequestsPct += 100.0 * request.share;
        }
        rowsComputed += request.share * rows;
        figures.meanMs += request.share * latency;
        latencyShares.emplace_back(latency, request.share);
    }
    figures.p99Ms = latencyQuantile(latencyShares, 1.0 - kTailShare);
    figures.paddingWastePct = rowsComputed > 0 ? 100.0 * rowsPadded / rowsComputed : 0;
    figures.poolMiB = pooledMiB(table, captured, &figures.poolIsUpperBound);
    for (const auto& shape : captured) figures.captureMs += table.find(shape)->captureMs.value_or(0);
    return figures;
}

CapturePlan planCaptures(const RequestMix& mix, const CostTable& table, double budgetMiB, Objective objective) {
    if (!(budgetMiB >= 0) || !std::isfinite(budgetMiB)) throw PlanError("the VRAM budget must be a number of MiB, 0 or more");
    CapturePlan plan;
    plan.objective = objective;
    plan.budgetMiB = budgetMiB;
    const auto requests = plannedRequests(mix, table, &plan.notes);

    // Candidates: graphable shapes of the image sizes the mix asks for.
    std::set<int> imageSizes;
    for (const auto& request : requests) imageSizes.insert(request.shape.imgsz);
    std::vector<const ShapeCost*> candidates;
    for (const auto& cost : table.costs()) {
        if (cost.graphable() && imageSizes.count(cost.shape.imgsz)) candidates.push_back(&cost);
    }
    if (candidates.empty()) {
        throw PlanError("the costs hold no graphed step for the mix's sizes (every capture was refused or failed): "
                        "serve this mix eagerly");
    }
    const auto smallest = *std::min_element(candidates.begin(), candidates.end(),
                                            [](const ShapeCost* a, const ShapeCost* b) { return *a->poolMiB < *b->poolMiB; });
    if (*smallest->poolMiB > budgetMiB + 1e-9) {
        throw PlanError("no captured size fits in " + fixed(budgetMiB, 0) + " MiB: the smallest graph (batch " +
                        describe(smallest->shape) + ") needs " + fixed(*smallest->poolMiB, 1) +
                        " MiB in a pool of its own; serve this mix eagerly, or give a budget of at least " +
                        fixed(std::ceil(*smallest->poolMiB), 0) + " MiB");
    }

    const PlanSearch search(requests, table, candidates);
    const auto front = search.meanFront(std::nullopt);
    for (const auto& point : front) {
        if (!plan.curve.empty() && point.mean >= plan.curve.back().meanMs - 1e-12) continue;
        plan.curve.push_back({point.memory, point.mean, captureOrder(table, point.captured)});
    }
    if (objective == Objective::Mean) {
        const PlanLabel* best = nullptr;
        for (const auto& point : front) {
            if (point.memory <= budgetMiB + 1e-9 && (!best || point.mean < best->mean - 1e-12)) best = &point;
        }
        plan.chosen = evaluatePlan(mix, table, best->captured);
    } else {
        plan.chosen = evaluatePlan(mix, table, search.bestP99(budgetMiB, kTailShare + kShareSlack));
    }

    plan.baselines.push_back(baseline("no graphs", mix, table, {}, budgetMiB));
    std::vector<RequestShape> every;
    for (const auto* cost : candidates) every.push_back(cost->shape);
    plan.baselines.push_back(baseline("every measured size", mix, table, every, budgetMiB));
    plan.baselines.push_back(baseline("powers of two", mix, table, listUpTo(mix, false), budgetMiB));
    plan.baselines.push_back(baseline("vLLM-style list", mix, table, listUpTo(mix, true), budgetMiB));

    plan.notes.push_back(table.hasPooledIncrements()
                             ? "pool: the largest graph's own pool plus each other graph's increment beside it, measured "
                               "by capturing that graph and then the smaller ones into one shared pool"
                             : "pool: an upper bound where a graph has no increment measured beside its set's largest: its own "
                               "pool is counted (plan measures the increments when it runs the sweep itself)");
    std::vector<RequestShape> refused;
    for (const auto& cost : table.costs()) {
        if (!cost.graphable() && imageSizes.count(cost.shape.imgsz)) refused.push_back(cost.shape);
    }
    if (!refused.empty()) {
        plan.notes.push_back("batch " + joinShapes(refused) + " has no graphed step (refused or failed): never captured");
    }
    return plan;
}

std::vector<RequestShape> shapesToMeasure(const RequestMix& mix) {
    std::map<int, std::set<int>> batchesByImgsz;
    for (const auto& entry : mix.entries) batchesByImgsz[entry.shape.imgsz].insert(entry.shape.batch);
    std::set<RequestShape> shapes;
    for (const auto& [imgsz, batches] : batchesByImgsz) {
        const int largest = *batches.rbegin();
        if (batches.size() <= 16) {
            for (int batch : batches) shapes.insert({imgsz, batch});
        } else {
            // 1, 2, 3, 4, 6, 8, 12, ...: neighbours at most 1.5x apart, so interpolation spans little.
            for (int power = 1;; power *= 2) {
                shapes.insert({imgsz, power});
                if (power >= largest) break;
                if (power >= 2 && power * 3 / 2 < largest) shapes.insert({imgsz, power * 3 / 2});
            }
            shapes.insert({imgsz, largest});
        }
    }
    // The baselines' members, so they are compared on measurements rather than left out.
    for (const auto& shape : listUpTo(mix, false)) shapes.insert(shape);
    for (const auto& shape : listUpTo(mix, true)) {
        if (shape.batch <= 64) shapes.insert(shape);
    }
    return {shapes.begin(), shapes.end()};
}

}  // namespace graphlens::planning
