#include "fleet/FleetMerge.h"

#include "fleet/FleetDirectory.h"
#include "fleet/FleetManifest.h"
#include "fleet/MergeChecks.h"
#include "fleet/PlanFile.h"
#include "results/JsonlAutosave.h"
#include "results/ResultsError.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace graphlens::fleet {
namespace fs = std::filesystem;

namespace {

using results::ResultsError;

bool isAutosaveName(const fs::path& path) {
    return path.extension() == ".jsonl";
}

MergeSource loadSource(const fs::path& path) {
    MergeSource source;
    source.path = path;
    if (path.extension() == ".json") {
        source.session = results::sessionFromJson(readJsonFile(path), path.string());
    } else if (isAutosaveName(path)) {
        source.autosave = true;
        source.session.rows = results::readJsonlAutosave(path).rows;
    } else {
        throw ResultsError(path.string() + ": not a session or an autosave (expected .json or .jsonl)");
    }
    return source;
}

// An autosave of a killed task may hold nothing readable yet: that is a shard without rows.
std::optional<MergeSource> loadAutosaveIfRows(const fs::path& path) {
    try {
        auto source = loadSource(path);
        if (source.session.rows.empty()) return std::nullopt;
        return source;
    } catch (const ResultsError&) {
        return std::nullopt;
    }
}

// A fleet folder: each shard from its session, else from its fullest autosave, else reported missing.
void addFleetFolder(const fs::path& dir, std::vector<MergeSource>& sources, std::vector<ShardReport>& reports,
                    std::vector<FleetManifest>& manifests) {
    const auto manifest = readFleetManifest(manifestPath(dir));
    const int shardCount = static_cast<int>(manifest.shards.size());
    std::map<int, std::vector<ShardFile>> sessions, autosaves;
    for (const auto& file : shardFiles(dir)) {
        if (file.shard >= shardCount) {
            throw ResultsError(file.path.string() + ": shard " + std::to_string(file.shard) + ", but " +
                               manifestPath(dir).string() + " has " + std::to_string(shardCount) +
                               " shards: a session of another fleet");
        }
        (file.kind == ShardFileKind::Session ? sessions : autosaves)[file.shard].push_back(file);
    }
    for (int shard = 0; shard < shardCount; ++shard) {
        ShardReport report{dir, shard, "missing", "no session or autosave"};
        if (sessions[shard].size() > 1) {
            throw ResultsError(dir.string() + ": shard " + std::to_string(shard) + " has two sessions, " +
                               sessions[shard][0].path.filename().string() + " and " +
                               sessions[shard][1].path.filename().string() +
                               ": they overlap; move one out before merging");
        }
        if (sessions[shard].size() == 1) {
            auto source = loadSource(sessions[shard][0].path);
            source.shard = shard;
            report = {dir, shard, "complete", source.path.filename().string()};
            sources.push_back(std::move(source));
        } else {
            std::optional<MergeSource> fullest;
            for (const auto& file : autosaves[shard]) {
                auto source = loadAutosaveIfRows(file.path);
                if (source && (!fullest || source->session.rows.size() > fullest->session.rows.size())) fullest = std::move(source);
            }
            if (fullest) {
                fullest->shard = shard;
                fullest->session.plan = results::toJson(manifest.shards[static_cast<std::size_t>(shard)]);
                report = {dir, shard, "incomplete",
                          fullest->path.filename().string() + " holds " + std::to_string(fullest->session.rows.size()) +
                              " rows and no session: the task did not finish"};
                sources.push_back(std::move(*fullest));
            } else if (!autosaves[shard].empty()) {
                report.detail = "its autosave holds no rows: the task ended before measuring any";
            }
        }
        // Why a task ended early is in its output, which Slurm wrote beside the sessions.
        const auto log = fs::path("logs") / ("shard-" + std::to_string(shard) + ".log");
        std::error_code ec;
        if (report.state != "complete" && fs::exists(dir / log, ec)) report.detail += " (its output: " + log.string() + ")";
        reports.push_back(std::move(report));
    }
    manifests.push_back(manifest);
}

// A folder that is not a fleet's: its sessions, and the autosaves that have no session beside them.
void addPlainFolder(const fs::path& dir, std::vector<MergeSource>& sources) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.is_regular_file(ec)) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::size_t added = 0;
    for (const auto& path : files) {
        const std::string name = path.filename().string();
        const bool autosave = name.size() > 15 && name.compare(name.size() - 15, 15, ".autosave.jsonl") == 0;
        if (autosave && fs::exists(dir / (name.substr(0, name.size() - 15) + ".json"))) continue;
        if (!autosave && path.extension() != ".json") continue;
        sources.push_back(loadSource(path));
        ++added;
    }
    if (added == 0) throw ResultsError(dir.string() + ": no sessions (.json) or autosaves (.autosave.jsonl) in it");
}

// The merged plan: the fleet's unsplit plan, else the first plan with every source's batches,
// phases and memory formats (in the order first seen).
nlohmann::json mergedPlan(const std::vector<MergeSource>& sources, const std::vector<FleetManifest>& manifests) {
    nlohmann::json plan = nlohmann::json::object();
    if (!manifests.empty()) plan = results::toJson(manifests.front().plan);
    for (const auto& source : sources) {
        const auto& other = source.session.plan;
        if (!other.is_object() || other.empty()) continue;
        if (plan.empty()) {
            plan = other;
            continue;
        }
        for (const char* key : {"batches", "phases", "memory_formats"}) {
            if (!other.contains(key) || !other[key].is_array()) continue;
            for (const auto& item : other[key]) {
                if (std::find(plan[key].begin(), plan[key].end(), item) == plan[key].end()) plan[key].push_back(item);
            }
        }
    }
    for (const char* key : {"csv", "json", "autosave", "trace"}) {
        if (plan.contains(key)) plan[key] = "";
    }
    return plan;
}

// The facts every merged session agrees on (GraphLens, libtorch, ...), and each source's own under
// "merged": a row's whole environment is its session's, found by its session_id.
nlohmann::json mergedEnvironment(const std::vector<MergeSource>& sources, const std::vector<ShardReport>& reports) {
    nlohmann::json common;
    bool first = true;
    for (const auto& source : sources) {
        if (source.autosave || !source.session.environment.is_object()) continue;
        if (first) {
            common = source.session.environment;
            first = false;
            continue;
        }
        for (auto it = common.begin(); it != common.end();) {
            const auto& env = source.session.environment;
            if (!env.contains(it.key()) || env[it.key()] != it.value()) {
                it = common.erase(it);
            } else {
                ++it;
            }
        }
    }
    if (!common.is_object()) common = nlohmann::json::object();
    nlohmann::json list = nlohmann::json::array();
    for (const auto& source : sources) {
        std::set<std::string> hosts, gpus;
        for (const auto& row : source.session.rows) {
            hosts.insert(row.host);
            gpus.insert(row.gpu_uuid);
        }
        nlohmann::json entry{{"file", source.path.string()},
                             {"session_id", source.autosave ? (source.session.rows.empty() ? "" : source.session.rows.front().session_id)
                                                            : source.session.session_id},
                             {"complete", !source.autosave},
                             {"rows", source.session.rows.size()},
                             {"hosts", hosts},
                             {"gpu_uuids", gpus},
                             {"environment", source.session.environment}};
        if (source.shard) entry["shard"] = *source.shard;
        list.push_back(std::move(entry));
    }
    nlohmann::json shards = nlohmann::json::array();
    for (const auto& report : reports) {
        shards.push_back({{"fleet", report.fleetDir.string()}, {"shard", report.shard}, {"state", report.state},
                          {"detail", report.detail}});
    }
    common["merged"] = {{"sources", std::move(list)}, {"shards", std::move(shards)}};
    return common;
}

}  // namespace

bool FleetMergeResult::complete() const {
    return std::all_of(shards.begin(), shards.end(), [](const ShardReport& r) { return r.state == "complete"; });
}

FleetMergeResult mergeResults(const std::vector<fs::path>& inputs) {
    if (inputs.empty()) throw ResultsError("merge needs fleet folders, session files or autosaves to merge");
    std::vector<MergeSource> sources;
    std::vector<ShardReport> reports;
    std::vector<FleetManifest> manifests;
    std::set<fs::path> folders;
    for (const auto& input : inputs) {
        std::error_code ec;
        if (!fs::exists(input, ec)) throw ResultsError(input.string() + ": no such file or folder");
        if (fs::is_directory(input, ec)) {
            if (!folders.insert(fs::weakly_canonical(input, ec)).second) continue;  // the same folder twice
            if (fs::exists(manifestPath(input), ec)) {
                addFleetFolder(input, sources, reports, manifests);
            } else {
                addPlainFolder(input, sources);
            }
        } else {
            sources.push_back(loadSource(input));
        }
    }
    refuseForeignSources(sources);
    refuseOverlaps(sources);

    FleetMergeResult result;
    result.merged.session_id = results::newSessionId();
    result.merged.created = results::utcTimestampNow();
    result.merged.plan = mergedPlan(sources, manifests);
    result.merged.environment = mergedEnvironment(sources, reports);
    for (const auto& source : sources) {
        (source.autosave ? result.autosaves : result.sessions) += 1;
        result.merged.rows.insert(result.merged.rows.end(), source.session.rows.begin(), source.session.rows.end());
    }
    result.shards = std::move(reports);
    return result;
}

}  // namespace graphlens::fleet
