#include "bench/FamilyListing.h"

#include "families/AotiPackage.h"
#include "families/FamilyRegistry.h"

#include <algorithm>
#include <cstdio>

namespace graphlens::bench {
namespace {

std::string joinedScopes(const nlohmann::json& scopes) {
    std::string joined;
    for (const auto& scope : scopes) joined += (joined.empty() ? "" : ", ") + scope.get<std::string>();
    return joined;
}

// The batch sizes a family takes: an AOTInductor package's compiled batch dimension ("4", "2..16",
// "2.."), "any" for everything else.
std::string batchesTaken(const families::Family& family) {
    if (family.jit != "aoti" || family.source.empty()) return "any";
    const auto info = families::inspectAotiPackage(family.source);
    if (!info.input || info.input->dims.empty()) return "unknown";
    const auto& batch = info.input->dims.front();
    if (batch.exact) return std::to_string(*batch.exact);
    return std::to_string(std::max<long>(batch.min, 1)) + ".." + (batch.max > 0 ? std::to_string(batch.max) : "");
}

// The table's line under a package's row: which batches it runs.
std::string batchesLine(const std::string& batches) {
    if (batches == "any") return {};
    if (batches == "unknown") return "  its batch dimension could not be read from the package\n";
    const auto dots = batches.find("..");
    if (dots == std::string::npos) return "  compiled for batch " + batches + " only\n";
    const auto low = batches.substr(0, dots), high = batches.substr(dots + 2);
    return high.empty() ? "  compiled for batches " + low + " or more\n"
                        : "  compiled for batches " + low + " to " + high + "\n";
}

}  // namespace

nlohmann::json familyListingJson(const std::vector<families::Family>& families) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& family : families) {
        const auto module = family.build(/*seed=*/0);
        list.push_back({{"name", family.name},
                        {"task", family.task},
                        {"imgsz", family.defaultImgsz},
                        // The sizes it takes: checked before any run; `sizes` is the table's short form.
                        {"imgsz_rule", {{"minimum", families::smallestAcceptedSize(family.imageSizes)},
                                        {"multiple_of", std::max(1, family.imageSizes.multipleOf)},
                                        {"reason", family.imageSizes.reason},
                                        {"sizes", families::imageSizeRuleShort(family.imageSizes)}}},
                        {"params", families::parameterCount(*module.ptr())},
                        // The batch sizes it runs: "any", or a package's compiled range ("4", "2..16", "2..").
                        {"batches", batchesTaken(family)},
                        {"inference", families::toString(family.inference.kind)},
                        // The widest scope (what scripts and the window read) and every declared one.
                        {"training", family.training.seam.empty() ? std::string(families::toString(family.training.widest)) : "seam"},
                        {"training_scopes", families::declaredTrainingScopes(family.training)},
                        {"reason", family.inference.capturable() && family.source.empty() ? family.training.reason
                                                                                           : family.inference.reason},
                        {"source", family.source.empty() ? "built-in" : family.source}});
    }
    return list;
}

std::string familyListingTable(const std::vector<families::Family>& families) {
    // sizes: the image sizes the family takes ("32k >=32": a multiple of 32, at least 32 px).
    std::string table = "family            task       imgsz  sizes         params  inference  training scopes\n";
    for (const auto& entry : familyListingJson(families)) {
        char line[160];
        std::snprintf(line, sizeof line, "%-17s %-10s %5d  %-9s %11lld  %-9s  %s\n",
                      entry["name"].get<std::string>().c_str(), entry["task"].get<std::string>().c_str(),
                      entry["imgsz"].get<int>(), entry["imgsz_rule"]["sizes"].get<std::string>().c_str(),
                      static_cast<long long>(entry["params"].get<std::int64_t>()),
                      entry["inference"].get<std::string>().c_str(), joinedScopes(entry["training_scopes"]).c_str());
        table += line;
        if (entry["source"] != "built-in") {
            table += "  " + entry["source"].get<std::string>() + ": " + entry["reason"].get<std::string>() + "\n";
            table += batchesLine(entry["batches"].get<std::string>());
        }
    }
    return table;
}

nlohmann::json familyListingJson() { return familyListingJson(families::FamilyRegistry::builtIn().all()); }

std::string familyListingTable() { return familyListingTable(families::FamilyRegistry::builtIn().all()); }

}  // namespace graphlens::bench
