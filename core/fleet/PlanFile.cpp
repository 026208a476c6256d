#include "fleet/PlanFile.h"

#include "results/ResultsError.h"
#include "results/TextFile.h"

#include <algorithm>

namespace graphlens::fleet {

nlohmann::json readJsonFile(const std::filesystem::path& path) {
    const std::string text = results::readTextFile(path);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        // The byte where parsing stopped, as a line number a person can go to.
        const auto stop = std::min<std::size_t>(error.byte == 0 ? 0 : error.byte - 1, text.size());
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(stop), '\n');
        const std::string why = text.empty() ? "the file is empty" : "not valid JSON";
        throw results::ResultsError(path.string() + ":" + std::to_string(line) + ": " + why);
    }
}

results::SweepPlan readSweepPlanFile(const std::filesystem::path& path) {
    const auto document = readJsonFile(path);
    if (!document.is_object()) throw results::ResultsError(path.string() + ": not a sweep plan (expected a JSON object)");
    auto plan = results::sweepPlanFromJson(document, path.string());
    if (const auto error = results::validateSweepPlan(plan); !error.empty()) {
        throw results::ResultsError(path.string() + ": " + error);
    }
    return plan;
}

}  // namespace graphlens::fleet
