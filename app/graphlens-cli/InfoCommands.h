#pragma once
// `list` and `env`: what this build can run and on what, no measurement.
#include "ModelOptions.h"

#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct ListArgs {
    bool json = false;
    ModelOptions model;
    std::string precision = "fp32";
};

struct EnvArgs {
    bool json = false;
};

// Each adds its subcommand to app, its options bound to args (which must outlive the parse).
CLI::App* addListCommand(CLI::App& app, ListArgs& args);
CLI::App* addEnvCommand(CLI::App& app, EnvArgs& args);

int runList(const ListArgs& args);
int runEnv(const EnvArgs& args);

}  // namespace graphlens::cli
