#pragma once
// A fleet directory's fleet.json: the unsplit plan and its shards, written by `sbatch` (and read by
// each array task, by a resubmission and by `merge`, which lists a shard with no session as missing).
//   {"format": "graphlens-fleet", "version": 1, "plan": SweepPlan, "split": "split into 4 shards", ...,
//    "shards": [SweepPlan, ...]}
#include "results/SweepPlan.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace graphlens::fleet {

struct FleetManifest {
    results::SweepPlan plan;                  // the plan as given, outputs cleared
    std::string split;                        // how it was split, for people: "split by batch into 3 shards"
    std::vector<results::SweepPlan> shards;   // shard i runs shards[i]
};

std::filesystem::path manifestPath(const std::filesystem::path& fleetDir);      // DIR/fleet.json
std::filesystem::path shardPlanPath(const std::filesystem::path& fleetDir, int shard);  // DIR/plans/shard-0003.json

nlohmann::json toJson(const FleetManifest& manifest);
// Throws ResultsError naming sourceName when the document is not a fleet manifest.
FleetManifest fleetManifestFromJson(const nlohmann::json& document, const std::string& sourceName);
FleetManifest readFleetManifest(const std::filesystem::path& path);

// The same plan split the same way: a resubmission into the directory may go ahead.
bool sameFleet(const FleetManifest& a, const FleetManifest& b);

// The plan with the split dimensions (batches, phases, memory formats) and outputs left out: two
// sessions whose plans have equal keys measured parts of one plan and may be merged.
nlohmann::json planKey(const nlohmann::json& planJson);

}  // namespace graphlens::fleet
