#pragma once
// `plan`: which shapes to capture for a request mix under a VRAM budget. Costs come from a session
// (--session: its timed inference rows, and the pooled-capture increments when it has them) or are
// measured now through the engine (a sweep at the shapes the mix needs, then the pooled-capture pass).
#include "ModelOptions.h"

#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct PlanArgs {
    std::string family;
    ModelOptions model;
    std::string mix;
    double budgetMiB = -1;
    std::string objective = "mean";
    std::string session;         // plan from these costs: nothing runs
    std::string precision;       // default fp16 when measuring; with --session, the session's (if one)
    std::string memoryFormat = "nchw";
    int imgsz = 0;               // what a mix line without an image size means (0: the family's default)
    int steps = 24;
    int repeats = 3;
    std::string json;            // the plan (the input of replay-mix)
    std::string saveSession;     // the measured costs as a session, for later --session runs
};

CLI::App* addPlanCommand(CLI::App& app, PlanArgs& args);

// Throws UsageError for bad input (a mix, a budget, a session that cannot feed a plan).
int runPlan(const PlanArgs& args);

}  // namespace graphlens::cli
