#pragma once
// `train` and `data-check`: need the dataset loader, so these files are built only with datasets
// (GRAPHLENS_HAVE_DATASETS).
#include "train/TrainOptions.h"

#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct TrainArgs {
    train::TrainOptions options;
    std::string scales;  // --multi-scale as given: parsed in runTrain, so a bad list is a usage error
};

struct DataCheckArgs {
    std::string data;
    bool json = false;
};

// Each adds its subcommand to app, its options bound to args (which must outlive the parse).
CLI::App* addTrainCommand(CLI::App& app, TrainArgs& args);
CLI::App* addDataCheckCommand(CLI::App& app, DataCheckArgs& args);

// Exit 0 after a run, 2 for bad input, 1 when training fails; the message is one line on stderr.
int runTrain(const TrainArgs& args);
// Exit 0 when the dataset opens, 2 when it does not (the message names the file and line).
int runDataCheck(const DataCheckArgs& args);

}  // namespace graphlens::cli
