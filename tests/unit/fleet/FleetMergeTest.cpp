#include "fleet/FleetDirectory.h"
#include "fleet/FleetManifest.h"
#include "fleet/FleetMerge.h"
#include "fleet/PlanSplit.h"
#include "results/AtomicFile.h"
#include "results/JsonlAutosave.h"
#include "results/ResultsError.h"
#include "results/Session.h"
#include "support/ScratchFolder.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>

using namespace graphlens;
namespace fs = std::filesystem;

namespace {

results::SweepPlan fleetPlan() {
    results::SweepPlan plan;
    plan.family = "fomo-s";
    plan.precision = "fp32";
    plan.batches = {1, 2, 4, 8};
    plan.phases = {"infer"};
    plan.profile = false;
    return plan;
}

// The rows a sweep of this plan measures on one machine: an eager and a graphed timed row per point.
std::vector<results::Measurement> rowsOf(const results::SweepPlan& plan, const std::string& sessionId,
                                         const std::string& host, const std::string& gpuUuid) {
    std::vector<results::Measurement> rows;
    for (const auto& point : fleet::planPoints(plan)) {
        for (const char* arm : {"eager", "graphed"}) {
            results::Measurement row;
            row.session_id = sessionId;
            row.graphlens_version = "0.1.0";
            row.family = plan.family;
            row.task = "detect";
            row.phase = point.phase;
            row.batch = point.batch;
            row.imgsz = 160;
            row.precision = plan.precision;
            row.memory_format = point.memoryFormat;
            row.scope = "step";
            row.arm = arm;
            row.pass = "timed";
            row.device = gpuUuid.empty() ? "cpu" : "NVIDIA H200";
            row.host = host;
            row.gpu_uuid = gpuUuid;
            row.status = "ok";
            rows.push_back(row);
        }
    }
    return rows;
}

results::Session sessionOf(const results::SweepPlan& plan, const std::string& id, const std::string& host,
                           const std::string& gpuUuid) {
    results::Session session;
    session.session_id = id;
    session.created = "2026-12-04T10:00:00Z";
    session.environment = {{"graphlens", "0.1.0"}, {"libtorch", "2.11.0"}, {"host", host}, {"driver_version", host + "-driver"}};
    if (!gpuUuid.empty()) session.environment["gpu_uuid"] = gpuUuid;
    session.plan = results::toJson(plan);
    session.rows = rowsOf(plan, id, host, gpuUuid);
    return session;
}

// A fleet folder of 4 shards: shards 0 and 1 finished on two hosts, shard 2 killed after one row
// (only its autosave), shard 3 never ran.
struct KilledFleet {
    testing::ScratchFolder folder{"graphlens-fleet-merge"};
    fleet::FleetManifest manifest;
    KilledFleet() {
        manifest.plan = fleetPlan();
        manifest.split = "split into 4 shards";
        manifest.shards = fleet::splitPlan(manifest.plan, 4);
        results::writeFileAtomically(fleet::manifestPath(folder.path()), fleet::toJson(manifest).dump());
        results::writeSession(folder / (fleet::sessionStem("node-a", "GPU-aaaa", 0) + ".json"),
                              sessionOf(manifest.shards[0], "s0", "node-a", "GPU-aaaa"));
        results::writeSession(folder / (fleet::sessionStem("node-b", "GPU-bbbb", 1) + ".json"),
                              sessionOf(manifest.shards[1], "s1", "node-b", "GPU-bbbb"));
        // The finished shard's own autosave beside its session is not merged a second time.
        results::JsonlAutosave finishedAutosave(folder / (fleet::sessionStem("node-a", "GPU-aaaa", 0) + ".autosave.jsonl"));
        for (const auto& row : sessionOf(manifest.shards[0], "s0", "node-a", "GPU-aaaa").rows) finishedAutosave.append(row);
        results::JsonlAutosave killed(folder / (fleet::sessionStem("node-a", "GPU-aaaa", 2) + ".autosave.jsonl"));
        killed.append(sessionOf(manifest.shards[2], "s2", "node-a", "GPU-aaaa").rows.front());
    }
};

std::string mergeError(const std::vector<fs::path>& inputs) {
    try {
        fleet::mergeResults(inputs);
    } catch (const results::ResultsError& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("A fleet's shards merge as complete, incomplete (autosave rows kept) or missing", "[fleet][merge]") {
    KilledFleet fleet;
    const auto result = fleet::mergeResults({fleet.folder.path()});
    REQUIRE(result.shards.size() == 4);
    CHECK(result.shards[0].state == "complete");
    CHECK(result.shards[1].state == "complete");
    CHECK(result.shards[2].state == "incomplete");
    CHECK(result.shards[2].detail == "node-a_GPU-aaaa_shard-0002.autosave.jsonl holds 1 rows and no session: the task did not finish");
    CHECK(result.shards[3].state == "missing");
    CHECK(result.shards[3].detail == "no session or autosave");
    // Where the task's output is, the report points at it.
    fs::create_directories(fleet.folder / "logs");
    std::ofstream(fleet.folder / "logs" / "shard-3.log") << "slurmstepd: error: *** JOB 12 CANCELLED ***\n";
    CHECK(fleet::mergeResults({fleet.folder.path()}).shards[3].detail ==
          "no session or autosave (its output: logs/shard-3.log)");
    CHECK_FALSE(result.complete());
    CHECK(result.sessions == 2);
    CHECK(result.autosaves == 1);
    // Shard 0 (batch 1) and 1 (batch 2): 2 rows each; shard 2's one row; nothing of shard 3 (batch 8).
    REQUIRE(result.merged.rows.size() == 5);
    std::multiset<int> batches;
    for (const auto& row : result.merged.rows) batches.insert(row.batch);
    CHECK(batches == std::multiset<int>{1, 1, 2, 2, 4});
    // The merged session's plan is the unsplit plan, and it records every shard's state.
    CHECK(result.merged.plan["batches"] == nlohmann::json({1, 2, 4, 8}));
    CHECK(result.merged.environment["merged"]["shards"][3]["state"] == "missing");
}

TEST_CASE("Merged rows keep their own host, GPU and session environment", "[fleet][merge]") {
    KilledFleet fleet;
    const auto result = fleet::mergeResults({fleet.folder.path()});
    std::map<int, std::pair<std::string, std::string>> machine;
    for (const auto& row : result.merged.rows) machine[row.batch] = {row.host, row.gpu_uuid};
    CHECK(machine[1] == std::pair<std::string, std::string>{"node-a", "GPU-aaaa"});
    CHECK(machine[2] == std::pair<std::string, std::string>{"node-b", "GPU-bbbb"});
    const auto& environment = result.merged.environment;
    // Facts every session shares stay at the top; the rest only in each source's own environment.
    CHECK(environment["libtorch"] == "2.11.0");
    CHECK_FALSE(environment.contains("driver_version"));
    const auto& sources = environment["merged"]["sources"];
    REQUIRE(sources.size() == 3);
    CHECK(sources[1]["session_id"] == "s1");
    CHECK(sources[1]["environment"]["driver_version"] == "node-b-driver");
    CHECK(sources[1]["complete"] == true);
    CHECK(sources[2]["complete"] == false);
    CHECK(sources[2]["shard"] == 2);
}

TEST_CASE("Rows of sessions written before rows carried their machine take their session's", "[fleet][merge]") {
    testing::ScratchFolder folder("graphlens-fleet-old");
    auto session = sessionOf(fleetPlan(), "old", "node-c", "GPU-cccc");
    for (auto& row : session.rows) {
        row.host.clear();
        row.gpu_uuid.clear();
    }
    results::writeSession(folder / "old.json", session);
    const auto result = fleet::mergeResults({folder / "old.json"});
    REQUIRE_FALSE(result.merged.rows.empty());
    for (const auto& row : result.merged.rows) {
        CHECK(row.host == "node-c");
        CHECK(row.gpu_uuid == "GPU-cccc");
    }
}

TEST_CASE("The same plan measured on two GPUs merges, the same session twice is an overlap", "[fleet][merge]") {
    testing::ScratchFolder folder("graphlens-fleet-two-gpus");
    results::writeSession(folder / "h100.json", sessionOf(fleetPlan(), "a", "node-a", "GPU-aaaa"));
    results::writeSession(folder / "h200.json", sessionOf(fleetPlan(), "b", "node-b", "GPU-bbbb"));
    const auto both = fleet::mergeResults({folder.path()});
    CHECK(both.merged.rows.size() == 16);
    CHECK(both.shards.empty());
    CHECK(both.complete());
    fs::copy_file(folder / "h100.json", folder / "h100-again.json");
    CHECK(mergeError({folder.path()}) ==
          (folder / "h100.json").string() + ": the fomo-s infer batch 1 fp32 nchw step scope, eager timed row of node-a "
          "GPU-aaaa is also in " + (folder / "h100-again.json").string() +
          ": the sessions overlap (one shard or session merged twice?)");
}

TEST_CASE("Sessions of another plan, another version or another fleet are refused", "[fleet][merge]") {
    testing::ScratchFolder folder("graphlens-fleet-foreign");
    auto plan = fleetPlan();
    results::writeSession(folder / "a.json", sessionOf(plan, "a", "node-a", "GPU-aaaa"));
    plan.precision = "fp16";
    results::writeSession(folder / "b.json", sessionOf(plan, "b", "node-b", "GPU-bbbb"));
    CHECK(mergeError({folder / "a.json", folder / "b.json"}) ==
          (folder / "b.json").string() + ": its plan is not the plan of " + (folder / "a.json").string() +
          " (precision \"fp32\" vs \"fp16\"): sessions of different plans are not merged");

    auto newer = sessionOf(fleetPlan(), "c", "node-c", "GPU-cccc");
    newer.environment["graphlens"] = "0.2.0";
    results::writeSession(folder / "c.json", newer);
    CHECK_THAT(mergeError({folder / "a.json", folder / "c.json"}),
               Catch::StartsWith((folder / "c.json").string() + ": written by GraphLens 0.2.0, " +
                                 (folder / "a.json").string() + " by GraphLens 0.1.0"));

    // A fleet folder holding a session of a shard its manifest does not have.
    KilledFleet fleet;
    results::writeSession(fleet.folder / "node-z_cpu_shard-0009.json", sessionOf(fleetPlan(), "z", "node-z", ""));
    CHECK_THAT(mergeError({fleet.folder.path()}), Catch::Contains("shard 9, but ") && Catch::Contains("has 4 shards"));
}

TEST_CASE("Two sessions of one shard in a fleet are refused, naming both", "[fleet][merge]") {
    KilledFleet fleet;
    results::writeSession(fleet.folder / (fleet::sessionStem("node-c", "GPU-cccc", 1) + ".json"),
                          sessionOf(fleet.manifest.shards[1], "s1b", "node-c", "GPU-cccc"));
    CHECK(mergeError({fleet.folder.path()}) ==
          fleet.folder.path().string() + ": shard 1 has two sessions, node-b_GPU-bbbb_shard-0001.json and "
          "node-c_GPU-cccc_shard-0001.json: they overlap; move one out before merging");
}

TEST_CASE("Nothing to merge is said, not merged", "[fleet][merge]") {
    testing::ScratchFolder folder("graphlens-fleet-empty");
    CHECK(mergeError({}) == "merge needs fleet folders, session files or autosaves to merge");
    CHECK(mergeError({folder / "nowhere"}) == (folder / "nowhere").string() + ": no such file or folder");
    CHECK(mergeError({folder.path()}) ==
          folder.path().string() + ": no sessions (.json) or autosaves (.autosave.jsonl) in it");
    std::ofstream(folder / "notes.txt") << "hello";
    CHECK(mergeError({folder / "notes.txt"}) ==
          (folder / "notes.txt").string() + ": not a session or an autosave (expected .json or .jsonl)");
    std::ofstream(folder / "broken.json") << "{\"format\": ";
    CHECK(mergeError({folder / "broken.json"}) == (folder / "broken.json").string() + ":1: not valid JSON");
}
