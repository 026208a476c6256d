#include "fleet/FleetManifest.h"

#include "fleet/FleetDirectory.h"
#include "fleet/PlanFile.h"
#include "results/ResultsError.h"

namespace graphlens::fleet {
namespace {

constexpr const char* kManifestFormat = "graphlens-fleet";
constexpr int kManifestVersion = 1;

nlohmann::json planJsonWithoutOutputs(nlohmann::json plan) {
    for (const char* key : {"csv", "json", "autosave", "trace"}) plan.erase(key);
    return plan;
}

}  // namespace

std::filesystem::path manifestPath(const std::filesystem::path& fleetDir) {
    return fleetDir / "fleet.json";
}

std::filesystem::path shardPlanPath(const std::filesystem::path& fleetDir, int shard) {
    return fleetDir / "plans" / (shardTag(shard) + ".json");
}

nlohmann::json toJson(const FleetManifest& manifest) {
    nlohmann::json shards = nlohmann::json::array();
    for (const auto& shard : manifest.shards) shards.push_back(results::toJson(shard));
    return {{"format", kManifestFormat}, {"version", kManifestVersion}, {"plan", results::toJson(manifest.plan)},
            {"split", manifest.split},   {"shards", std::move(shards)}};
}

FleetManifest fleetManifestFromJson(const nlohmann::json& document, const std::string& sourceName) {
    if (!document.is_object() || document.value("format", nlohmann::json()) != kManifestFormat) {
        throw results::ResultsError(sourceName + ": not a GraphLens fleet manifest (\"format\": \"" +
                                    kManifestFormat + "\" missing)");
    }
    const auto version = document.value("version", nlohmann::json());
    if (!version.is_number_integer() || version.get<int>() < 1 || version.get<int>() > kManifestVersion) {
        throw results::ResultsError(sourceName + ": fleet manifest version " + version.dump() +
                                    " is not one this GraphLens understands (" + std::to_string(kManifestVersion) + ")");
    }
    const auto shards = document.value("shards", nlohmann::json());
    if (!document.contains("plan") || !shards.is_array() || shards.empty()) {
        throw results::ResultsError(sourceName + ": a fleet manifest needs \"plan\" and a non-empty \"shards\" list");
    }
    FleetManifest manifest;
    manifest.plan = results::sweepPlanFromJson(document["plan"], sourceName + ": plan");
    const auto split = document.value("split", nlohmann::json());
    manifest.split = split.is_string() ? split.get<std::string>() : std::string();
    for (std::size_t i = 0; i < shards.size(); ++i) {
        manifest.shards.push_back(results::sweepPlanFromJson(shards[i], sourceName + ": shards[" + std::to_string(i) + "]"));
    }
    return manifest;
}

FleetManifest readFleetManifest(const std::filesystem::path& path) {
    return fleetManifestFromJson(readJsonFile(path), path.string());
}

bool sameFleet(const FleetManifest& a, const FleetManifest& b) {
    if (planJsonWithoutOutputs(results::toJson(a.plan)) != planJsonWithoutOutputs(results::toJson(b.plan))) return false;
    if (a.shards.size() != b.shards.size()) return false;
    for (std::size_t i = 0; i < a.shards.size(); ++i) {
        if (results::toJson(a.shards[i]) != results::toJson(b.shards[i])) return false;
    }
    return true;
}

nlohmann::json planKey(const nlohmann::json& planJson) {
    auto key = planJsonWithoutOutputs(planJson);
    for (const char* split : {"batches", "phases", "memory_formats"}) key.erase(split);
    return key;
}

}  // namespace graphlens::fleet
