#pragma once
// `advise`: the fast first look. Runs the eager arm and its profiled step only (no capture, no graphed
// timing) and prints, per row, the graphed step the advisor predicts, its terms and a verdict.
#include "ModelOptions.h"

#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct AdviseArgs {
    std::string family = "resnet18";
    ModelOptions model;
    std::string data;
    std::string batches = "1,8,32";
    std::string phases = "infer";
    std::string graphScopes = "network,step";
    std::string precision = "fp16";
    std::string scope = "step";
    int imgsz = 0;
    std::string json;  // session file (eager rows with predictions)
    std::string csv;
    bool printJson = false;  // the rows as JSON on stdout instead of the table
};

CLI::App* addAdviseCommand(CLI::App& app, AdviseArgs& args);

int runAdvise(const AdviseArgs& args);

}  // namespace graphlens::cli
