#include "ui/plan/SessionCosts.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>

namespace graphlens::ui {
namespace {

// The rows costsFromSession reads (it has the last word: a pair listed here that it refuses shows
// its message).
bool timedInference(const results::Measurement& row) {
    return row.pass == "timed" && row.phase == "infer" && row.status == "ok" && row.step_ms_median &&
           (row.arm == "eager" || row.arm == "graphed");
}

}  // namespace

SessionCosts SessionCosts::of(const std::vector<results::Measurement>& rows,
                              const nlohmann::json& environment, const planning::CostSelection& wanted) {
    SessionCosts result;
    std::set<std::pair<std::string, std::string>> pairs;
    for (const auto& row : rows) {
        if (timedInference(row)) pairs.emplace(row.family, row.precision);
    }
    for (const auto& [family, precision] : pairs) result.choices.push_back({family, precision});
    planning::CostSelection selection = wanted;
    if (!pairs.count({wanted.family, wanted.precision}) && !pairs.empty()) {
        selection = {pairs.begin()->first, pairs.begin()->second};
    }
    try {
        result.costs = planning::costsFromSession(rows, environment, selection, &result.used);
    } catch (const std::invalid_argument& error) {
        result.error = error.what();
        return result;
    }
    std::set<std::string> scopes;
    for (const auto& row : rows) {
        if (timedInference(row) && row.family == result.used.family &&
            row.precision == result.used.precision && !row.scope.empty()) {
            scopes.insert(row.scope);
        }
    }
    // Rows of both scopes are one cost table to the planner: the caption says so rather than pick one.
    for (const auto& scope : scopes) result.scope += (result.scope.empty() ? "" : " and ") + scope;
    return result;
}

}  // namespace graphlens::ui
