#include "bench/FamilyListing.h"

#include "families/FamilyRegistry.h"

#include <cstdio>

namespace graphlens::bench {

nlohmann::json familyListingJson() {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& family : families::FamilyRegistry::builtIn().all()) {
        const auto module = family.build(/*seed=*/0);
        list.push_back({{"name", family.name},
                        {"task", family.task},
                        {"imgsz", family.defaultImgsz},
                        {"params", families::parameterCount(*module.ptr())},
                        {"inference", families::toString(family.inference.kind)},
                        {"training", families::toString(family.training.kind)},
                        {"reason", family.inference.capturable() ? family.training.reason
                                                                 : family.inference.reason}});
    }
    return list;
}

std::string familyListingTable() {
    std::string table = "family            task       imgsz      params  inference  training\n";
    for (const auto& entry : familyListingJson()) {
        char line[160];
        std::snprintf(line, sizeof line, "%-17s %-10s %5d %11lld  %-9s  %s\n",
                      entry["name"].get<std::string>().c_str(), entry["task"].get<std::string>().c_str(),
                      entry["imgsz"].get<int>(), static_cast<long long>(entry["params"].get<std::int64_t>()),
                      entry["inference"].get<std::string>().c_str(),
                      entry["training"].get<std::string>().c_str());
        table += line;
    }
    return table;
}

}  // namespace graphlens::bench
