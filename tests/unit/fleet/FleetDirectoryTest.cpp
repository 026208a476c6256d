#include "fleet/FleetDirectory.h"
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
