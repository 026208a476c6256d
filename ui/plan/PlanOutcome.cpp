#include "ui/plan/PlanOutcome.h"

#include "planning/CostTable.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace graphlens::ui {

PlanOutcome PlanOutcome::of(planning::RequestMix mix, std::vector<planning::ShapeCost> costs,
                            double budgetMiB, planning::Objective objective) {
    PlanOutcome outcome;
    outcome.budgetMiB = budgetMiB;
    outcome.objective = objective;
    try {
        planning::alignImageSizes(mix, costs);
        const planning::CostTable table(std::move(costs));
        outcome.reference = planning::planCaptures(mix, table, std::numeric_limits<double>::max(), objective);
        try {
            outcome.plan = planning::planCaptures(mix, table, budgetMiB, objective);
        } catch (const planning::PlanError& error) {
            outcome.budgetError = error.what();
        }
    } catch (const std::exception& error) {  // PlanError, or invalid_argument from the alignment or the table
        outcome.error = error.what();
        outcome.reference.reset();
    }
    return outcome;
}

std::vector<planning::Baseline> PlanOutcome::baselines() const {
    if (plan) return plan->baselines;
    if (!reference) return {};
    auto baselines = reference->baselines;
    for (auto& baseline : baselines) baseline.fitsBudget = baseline.figures.poolMiB <= budgetMiB + 1e-9;
    return baselines;
}

std::vector<std::string> PlanOutcome::notes() const {
    if (plan) return plan->notes;
    if (!reference) return {};
    return reference->notes;  // about the costs and the memory model, never about one chosen set
}

int PlanOutcome::budgetCeilingMiB() const {
    if (!reference) return 0;
    double top = reference->curve.empty() ? 0.0 : reference->curve.back().poolMiB;
    for (const auto& baseline : reference->baselines) {
        if (baseline.name == "every measured size") top = std::max(top, baseline.figures.poolMiB);
    }
    return std::max(1, int(std::ceil(top * 1.1)));
}

int PlanOutcome::defaultBudgetMiB() const {
    if (!reference || reference->curve.empty()) return 0;
    return int(std::ceil(reference->curve.back().poolMiB));
}

}  // namespace graphlens::ui
