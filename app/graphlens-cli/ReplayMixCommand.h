#pragma once
// `replay-mix`: checks a plan against reality. A request stream drawn from the mix is played on the
// GPU through the one GraphRunner with the plan's captured shapes (pad, replay; eager past the
// largest), and the latency distribution and the pool's real size are set beside the plan's figures.
#include <CLI/CLI.hpp>

#include <string>

namespace graphlens::cli {

struct ReplayMixArgs {
    std::string plan;
    std::string mix;
    int requests = 2000;
    std::uint64_t seed = 1;
    bool alsoBaselines = false;  // replay the plan's baselines too (each in a fresh pool)
    std::string json;
};

CLI::App* addReplayMixCommand(CLI::App& app, ReplayMixArgs& args);

int runReplayMix(const ReplayMixArgs& args);

}  // namespace graphlens::cli
