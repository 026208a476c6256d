#pragma once
// A session file: the plan that was run, the environment fingerprint and every row.
//   {"format": "graphlens-session", "version": 1, "session_id": ..., "created": ISO-8601,
//    "environment": {...}, "plan": {...}, "rows": [Measurement...]}
#include "results/Measurement.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace graphlens::results {

struct Session {
    std::string session_id;
    std::string created;             // ISO-8601 UTC
    nlohmann::json environment = nlohmann::json::object();  // GPU, driver, CUDA, libtorch, OS, ...
    nlohmann::json plan = nlohmann::json::object();         // the SweepPlan as JSON
    std::vector<Measurement> rows;
};

nlohmann::json toJson(const Session& session);
Session sessionFromJson(const nlohmann::json& document, const std::string& sourceName);

void writeSession(const std::filesystem::path& path, const Session& session);
Session readSession(const std::filesystem::path& path);

// Opens a .json session, a .jsonl autosave or a .csv export by its extension.
Session readAnyResultsFile(const std::filesystem::path& path);

std::string newSessionId();       // time-based, sortable, e.g. 20261129-071728-4f2a
std::string utcTimestampNow();    // ISO-8601, second resolution

}  // namespace graphlens::results
