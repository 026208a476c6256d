#include "fleet/FleetManifest.h"

#include "fleet/FleetDirectory.h"
#include "fleet/PlanFile.h"
#include "results/ResultsError.h"

namespace graphlens::fleet {
namespace {

constexpr const char* kManifestFormat = "graphlens-fleet";
constexpr int kManifestVersion = 1;

nlohmann::json withoutOutputs(nlohmann::json plan) {
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
    if (!document.is_object() || document.value("format", "") != kManifestFormat) {
        throw results::ResultsError(sourceName + ": not a GraphLens fleet manifest (\"format\": \"" +
                                    kManifestFormat + "\" missing)");
    }
    if (!document.value("version", 0) || document.value("version", 0) > kManifestVersion) {
        throw results::ResultsError(sourceName + ": fleet manifest version " + document["version"].dump() +
                                    " is not one this GraphLens understands (" + std::to_string(kManifestVersion) + ")");
    }
    if (!document.contains("plan") || !document.contains("shards") || !document["shards"].is_array() ||
        document["shards"].empty()) {
        throw results::ResultsError(sourceName + ": a fleet manifest needs \"plan\" and a non-empty \"shards\" list");
    }
    FleetManifest manifest;
    manifest.plan = results::sweepPlanFromJson(document["plan"], sourceName + ": plan");
    manifest.split = document.value("split", "");
    for (std::size_t i = 0; i < document["shards"].size(); ++i) {
        manifest.shards.push_back(
            results::sweepPlanFromJson(document["shards"][i], sourceName + ": shards[" + std::to_string(i) + "]"));
    }
    return manifest;
}

FleetManifest readFleetManifest(const std::filesystem::path& path) {
    return fleetManifestFromJson(readJsonFile(path), path.string());
}

bool sameFleet(const FleetManifest& a, const FleetManifest& b) {
    if (withoutOutputs(results::toJson(a.plan)) != withoutOutputs(results::toJson(b.plan))) return false;
    if (a.shards.size() != b.shards.size()) return false;
    for (std::size_t i = 0; i < a.shards.size(); ++i) {
        if (results::toJson(a.shards[i]) != results::toJson(b.shards[i])) return false;
    }
    return true;
}

nlohmann::json planKey(const nlohmann::json& planJson) {
    auto key = withoutOutputs(planJson);
    for (const char* split : {"batches", "phases", "memory_formats"}) key.erase(split);
    return key;
}

}  // namespace graphlens::fleet
