#pragma once
// The split options shared by `plan-split` and `sbatch`: a plan file and --shards N or --by DIMENSION.
#include "results/SweepPlan.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace graphlens::cli {

struct SplitArgs;

struct PlanSplit {
    results::SweepPlan plan;                 // the plan as read, outputs cleared
    std::string how;                         // "split into 4 shards", "split by batch into 3 shards"
    std::vector<results::SweepPlan> shards;
};

void addSplitOptions(CLI::App& command, SplitArgs& args);

// The plan read and checked (the engine's checks: its family, its image size), then split. Throws
// ResultsError or UsageError naming the file.
PlanSplit splitFromArgs(const SplitArgs& args);

// "infer; nchw; batch 1,8" for a person.
std::string describeShard(const results::SweepPlan& shard);

}  // namespace graphlens::cli
