#pragma once
// Fleet sweeps: `plan-split` (a plan into shard plans), `sbatch` (a fleet folder and the Slurm job
// array that runs it), `shard-run` (what each array task runs) and `merge` (their sessions into one).
// The logic is core/fleet's; a shard runs through bench::runSweepSession like every sweep.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace graphlens::cli {

// How a plan is split: --shards N, or --by family | batch | phase | memory-format.
struct SplitArgs {
    std::string planPath;
    int shards = 0;
    std::string by;
};

struct PlanSplitArgs {
    SplitArgs split;
    std::string outDir;
};

struct SbatchArgs {
    SplitArgs split;
    std::string outDir;
    std::string partition;
    std::string gres;
    std::string time;
    bool dryRun = false;
};

struct ShardRunArgs {
    std::string dir;
    int shard = -1;
};

struct MergeArgs {
    std::vector<std::string> inputs;
    std::string out;
    std::string csv;
};

// Each adds its subcommand to app, its options bound to args (which must outlive the parse).
CLI::App* addPlanSplitCommand(CLI::App& app, PlanSplitArgs& args);
CLI::App* addSbatchCommand(CLI::App& app, SbatchArgs& args);
CLI::App* addShardRunCommand(CLI::App& app, ShardRunArgs& args);
CLI::App* addMergeCommand(CLI::App& app, MergeArgs& args);

// Bad input throws ResultsError or UsageError (exit 2) before anything is written.
int runPlanSplit(const PlanSplitArgs& args);
int runSbatch(const SbatchArgs& args);
int runShardRun(const ShardRunArgs& args);
// 0 when every shard is complete; 1 when one is incomplete or missing (the merged file lists it).
int runMerge(const MergeArgs& args);

}  // namespace graphlens::cli
