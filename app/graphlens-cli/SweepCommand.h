#pragma once
// `sweep`: eager vs graphed timing over batch sizes, the plan built from the command line.
#include "ModelOptions.h"
#include "results/SweepPlan.h"

#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

// The plan's fields bound directly; the list options stay text until runSweep parses them, so a bad
// list is a usage error with the plan's own message.
struct SweepArgs {
    results::SweepPlan plan;
    ModelOptions model;
    std::string batches = "1,8,32";
    std::string phases = "infer";
    std::string graphScopes = "network,step";
    std::string memoryFormats = "nchw";
    bool noProfile = false;
    std::string planFile;  // --plan: the plan from a file; the options then only name outputs
};

// Adds `sweep` to app, its options bound to args (which must outlive the parse).
CLI::App* addSweepCommand(CLI::App& app, SweepArgs& args);

// Throws UsageError or ResultsError for a bad plan.
int runSweep(const SweepArgs& args);

}  // namespace graphlens::cli
