#include "fleet/FleetDirectory.h"
#include "fleet/FleetManifest.h"
#include "support/ScratchFolder.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace graphlens;

TEST_CASE("A shard's files are named by host, GPU and shard, safely for any file system", "[fleet][folder]") {
    CHECK(fleet::shardTag(3) == "shard-0003");
    CHECK(fleet::sessionStem("gpu-node-07", "GPU-5b9c2f6e-0c1d", 3) == "gpu-node-07_GPU-5b9c2f6e-0c1d_shard-0003");
    CHECK(fleet::sessionStem("vm", "", 12) == "vm_cpu_shard-0012");
    // '_' separates the parts, so a host's own becomes '-', as do '/' and spaces.
    CHECK(fleet::sessionStem("a_b/c d", "MIG-1/2", 0) == "a-b-c-d_MIG-1-2_shard-0000");
    CHECK(fleet::sessionStem("", "", 0) == "unknown_cpu_shard-0000");
}

TEST_CASE("Shard files are told from other files by their names", "[fleet][folder]") {
    const auto session = fleet::shardFileOf("dir/vm_cpu_shard-0003.json");
    REQUIRE(session);
    CHECK(session->kind == fleet::ShardFileKind::Session);
    CHECK(session->shard == 3);
    const auto autosave = fleet::shardFileOf("vm_GPU-1_shard-0011.autosave.jsonl");
    REQUIRE(autosave);
    CHECK(autosave->kind == fleet::ShardFileKind::Autosave);
    CHECK(autosave->shard == 11);
    CHECK_FALSE(fleet::shardFileOf("fleet.json"));
    CHECK_FALSE(fleet::shardFileOf("vm_cpu_shard-0003.interrupted-20261204.jsonl"));
    CHECK_FALSE(fleet::shardFileOf("vm_cpu_shard-x3.json"));
    CHECK_FALSE(fleet::shardFileOf("_shard-0001.json"));
    CHECK_FALSE(fleet::shardFileOf("vm_cpu_shard-0003.csv"));
}

TEST_CASE("Incomplete shards are those without a session, listed for Slurm's --array", "[fleet][folder]") {
    testing::ScratchFolder folder("graphlens-fleet-folder");
    std::ofstream(folder / "a_cpu_shard-0000.json") << "{}";
    std::ofstream(folder / "a_cpu_shard-0001.autosave.jsonl") << "";
    std::ofstream(folder / "b_cpu_shard-0004.json") << "{}";
    CHECK(fleet::incompleteShards(folder.path(), 6) == std::vector<int>{1, 2, 3, 5});
    CHECK(fleet::shardFiles(folder.path()).size() == 3);
    CHECK(fleet::arrayIndexList({1, 2, 3, 5}) == "1-3,5");
    CHECK(fleet::arrayIndexList({0, 2, 3, 4, 7}) == "0,2-4,7");
    CHECK(fleet::arrayIndexList({3}) == "3");
}

TEST_CASE("A fleet manifest round-trips, and what is not one is refused naming the file", "[fleet][folder]") {
    fleet::FleetManifest manifest;
    manifest.plan.batches = {1, 8};
    manifest.split = "split into 2 shards";
    manifest.shards = {manifest.plan, manifest.plan};
    manifest.shards[0].batches = {1};
    manifest.shards[1].batches = {8};
    const auto back = fleet::fleetManifestFromJson(fleet::toJson(manifest), "fleet.json");
    CHECK(fleet::sameFleet(back, manifest));
    CHECK(back.split == "split into 2 shards");
    auto other = manifest;
    other.plan.precision = "fp32";
    CHECK_FALSE(fleet::sameFleet(other, manifest));

    CHECK_THROWS_WITH(fleet::fleetManifestFromJson(nlohmann::json::array(), "f.json"),
                      "f.json: not a GraphLens fleet manifest (\"format\": \"graphlens-fleet\" missing)");
    auto document = fleet::toJson(manifest);
    document["version"] = "one";
    CHECK_THROWS_WITH(fleet::fleetManifestFromJson(document, "f.json"),
                      "f.json: fleet manifest version \"one\" is not one this GraphLens understands (1)");
    document = fleet::toJson(manifest);
    document.erase("version");
    CHECK_THROWS_WITH(fleet::fleetManifestFromJson(document, "f.json"), Catch::Contains("version null"));
    document = fleet::toJson(manifest);
    document["shards"] = nlohmann::json::array();
    CHECK_THROWS_WITH(fleet::fleetManifestFromJson(document, "f.json"),
                      "f.json: a fleet manifest needs \"plan\" and a non-empty \"shards\" list");
    // The plan key leaves out what a split divides and the outputs, nothing else.
    auto shardPlan = results::toJson(manifest.shards[1]);
    shardPlan["json"] = "x.json";
    CHECK(fleet::planKey(shardPlan) == fleet::planKey(results::toJson(manifest.plan)));
    shardPlan["steps"] = 99;
    CHECK(fleet::planKey(shardPlan) != fleet::planKey(results::toJson(manifest.plan)));
}
