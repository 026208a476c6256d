#pragma once
// A sweep plan read from a JSON file (the window's plans, plan-split's shards), checked before anything
// runs. Every refusal is a results::ResultsError naming the file, and the line for malformed JSON.
#include "results/SweepPlan.h"

#include <filesystem>
#include <nlohmann/json.hpp>

namespace graphlens::fleet {

// The file's JSON document; throws "<file>:<line>: not valid JSON (...)" when it does not parse.
nlohmann::json readJsonFile(const std::filesystem::path& path);

// A valid plan (results::validateSweepPlan), or a throw saying what is wrong with it.
results::SweepPlan readSweepPlanFile(const std::filesystem::path& path);

}  // namespace graphlens::fleet
