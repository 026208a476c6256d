#pragma once
// What a session's rows offer the capture planner (core/planning): the family and precision pairs
// that have timed inference rows to choose from, and the costs of one pair with the scope their steps
// were timed in (what the Plan tab's caption states). Never throws: a session that cannot feed a plan
// carries costsFromSession's message instead of costs.
#include "planning/ShapeCosts.h"
#include "results/Measurement.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace graphlens::ui {

struct SessionCosts {
    std::vector<planning::CostSelection> choices;  // pairs with timed inference rows, sorted
    planning::CostSelection used;                  // what the costs are of
    std::vector<planning::ShapeCost> costs;        // empty when `error` says why
    std::string scope;  // of those rows: "network", "step", "network and step" or "" (not recorded)
    std::string error;

    // `wanted`: the pair chosen in the tab; when the session has no such pair (or none was chosen),
    // its first pair, so a session of several families plans at once instead of asking.
    static SessionCosts of(const std::vector<results::Measurement>& rows, const nlohmann::json& environment,
                           const planning::CostSelection& wanted);
};

}  // namespace graphlens::ui
