#pragma once
// `advise`: the fast first look. Runs the eager arm and its profiled step only (no capture, no graphed
// timing) and prints, per row, the graphed step the advisor predicts, its terms and a verdict.
// With --session it runs nothing: it predicts again from a saved session's eager figures and the
// calibration stored with them (a session measured before a change to the advisor), and where the
// session also measured the graphed arm, prints the error beside each prediction.
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
    bool printJson = false;  // the rows as JSON lines instead of the table
    std::string session;     // predict again from a saved session's figures and calibration: nothing runs
};

CLI::App* addAdviseCommand(CLI::App& app, AdviseArgs& args);

int runAdvise(const AdviseArgs& args);

}  // namespace graphlens::cli
