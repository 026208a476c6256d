#pragma once
// What a fleet directory holds and how its files are named:
//   DIR/fleet.json                                  the plan and its shards (fleet/FleetManifest.h)
//   DIR/plans/shard-0003.json                       shard 3's plan, a plan file like any other
//   DIR/graphlens-fleet.sbatch                      the Slurm job-array script
//   DIR/logs/shard-3.log                            each array task's output
//   DIR/<host>_<gpu uuid or cpu>_shard-0003.json    shard 3's session: written once, when it finished
//   DIR/<host>_<gpu uuid or cpu>_shard-0003.autosave.jsonl   its rows as they were measured
// A shard is complete when it has a session; a killed task leaves only the autosave.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::fleet {

std::string shardTag(int shard);  // "shard-0003"

// "<host>_<gpu>_shard-0003", host and GPU UUID made safe for a file name ("cpu" without a GPU).
std::string sessionStem(const std::string& host, const std::string& gpuUuid, int shard);

enum class ShardFileKind { Session, Autosave };

struct ShardFile {
    std::filesystem::path path;
    ShardFileKind kind = ShardFileKind::Session;
    int shard = 0;
};

// "x_shard-0003.json" -> session of shard 3; "x_shard-0003.autosave.jsonl" -> its autosave; else nothing.
std::optional<ShardFile> shardFileOf(const std::filesystem::path& path);

// Every shard session and autosave directly in dir, sorted by name.
std::vector<ShardFile> shardFiles(const std::filesystem::path& dir);

// The shards in [0, shardCount) without a session file: what a resubmission runs.
std::vector<int> incompleteShards(const std::filesystem::path& dir, int shardCount);

// "0,2-4,7": Slurm's --array list of these indices (sorted, distinct).
std::string arrayIndexList(const std::vector<int>& shards);

}  // namespace graphlens::fleet
