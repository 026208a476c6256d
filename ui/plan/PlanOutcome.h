#pragma once
// One planning run of the Plan tab: a request mix on a session's costs, planned at the budget and at
// no limit. The curve and the baselines' pools do not depend on the budget, so the unlimited plan
// (the reference) gives the chart and the budget slider's range even where the budget holds no graph.
#include "planning/CapturePlanner.h"
#include "planning/ShapeCosts.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::ui {

struct PlanOutcome {
    double budgetMiB = 0;
    planning::Objective objective = planning::Objective::Mean;
    // Why the mix cannot be planned from these costs at all (image sizes that do not match, a request
    // size outside the measured range, no graphed step): then there is no reference and no plan.
    std::string error;
    std::optional<planning::CapturePlan> reference;  // at no limit
    std::optional<planning::CapturePlan> plan;       // at the budget
    std::string budgetError;                         // the budget holds no graph: serve the mix eagerly

    // Never throws: every failure is one of the messages above.
    static PlanOutcome of(planning::RequestMix mix, std::vector<planning::ShapeCost> costs, double budgetMiB,
                          planning::Objective objective);

    // The plan's baselines; without a plan, the reference's with "fits" judged against the budget.
    std::vector<planning::Baseline> baselines() const;
    // The plan's notes; without a plan (nothing fits the budget), the unbounded reference's.
    std::vector<std::string> notes() const;
    // The budget slider's top: a little above the pool of every measured size and of the curve's last
    // point, in whole MiB (0 without a reference).
    int budgetCeilingMiB() const;
    // Where the slider starts: the curve's last point (the best mean any budget buys), in whole MiB.
    int defaultBudgetMiB() const;
};

}  // namespace graphlens::ui
