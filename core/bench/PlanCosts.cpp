#include "bench/PlanCosts.h"

#include "bench/FamilyResolver.h"
#include "bench/InferencePairs.h"
#include "bench/PooledCapture.h"
#include "bench/SweepSession.h"
#include "planning/CostTable.h"
#include "planning/PoolModel.h"
#include "planning/ShapeCosts.h"

#include <torch/cuda.h>

#include <map>
#include <set>

namespace graphlens::bench {

PlanCostRun measurePlanCosts(const results::SweepPlan& base, const std::vector<planning::RequestShape>& shapes,
                             SweepEvents& events) {
    std::map<int, std::set<int>> batchesByImgsz;
    for (const auto& shape : shapes) batchesByImgsz[shape.imgsz].insert(shape.batch);
    PlanCostRun run;
    for (const auto& [imgsz, batches] : batchesByImgsz) {
        auto plan = base;
        plan.imgsz = imgsz;
        plan.batches.assign(batches.begin(), batches.end());
        plan.phases = {"infer"};
        plan.scope = "network";
        plan.graph = "on";
        plan.profile = false;  // step times and pools only: no CUPTI in this process
        plan.json.clear();
        plan.csv.clear();
        plan.trace.clear();
        const auto sweep = runSweepSession(plan, events);
        run.exitCode = std::max(run.exitCode, sweep.exitCode);
        if (run.environment.empty()) run.environment = sweep.environment;
        run.rows.insert(run.rows.end(), sweep.measured.begin(), sweep.measured.end());
    }
    if (!torch::cuda::is_available()) return run;  // no graphs, so nothing shares a pool

    // The pooled-capture pass: the graphable shapes, largest single pool first, into one pool.
    planning::CostSelection used;
    const planning::CostTable table(planning::costsFromSession(run.rows, run.environment, {}, &used));
    const auto ordered = planning::captureOrder(table, table.graphable());
    if (ordered.empty()) return run;
    events.log("pooled capture: " + std::to_string(ordered.size()) + " shapes, each as a pool's base with the smaller ones after it");
    auto plan = base;
    plan.scope = "network";
    plan.precision = used.precision;
    const auto family = resolveFamily(plan);
    torch::NoGradGuard noGrad;
    auto pairs = makePlannerPairs(family, plan, ordered.front().imgsz,
                                  [&events](const std::string& text) { events.warning(text); });
    const auto pooled = capturePooled(*pairs, ordered);
    for (const auto& failure : pooled.failures) events.warning("pooled capture: " + failure);
    run.environment[planning::kPooledCaptureKey] = pooledCaptureJson(pooled, used.family, used.precision);
    return run;
}

}  // namespace graphlens::bench
