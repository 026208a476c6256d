#pragma once
// `graphlens-cli verify --all`: every family's parity check in a process of its own (a failed capture
// can poison a CUDA context, DESIGN §2), the rows collected from each child's JSON.
#include "bench/VerifyRunner.h"

#include <chrono>
#include <string>
#include <vector>

namespace graphlens::bench {

// Runs `<graphlens-cli> verify --family F --json <extraArgs>` for every registered family. A child
// that crashes or prints no row becomes a capture-error row saying so.
std::vector<VerifyRow> verifyAllInChildProcesses(const std::vector<std::string>& extraArgs);

VerifyRow verifyRowFromJson(const nlohmann::json& object);

// One `graphlens-cli verify ... --json` child (argv[0] the CLI): its rows, or why there are none.
struct ChildVerifyRows {
    std::vector<VerifyRow> rows;
    std::string failure;
};
ChildVerifyRows verifyInChildProcess(const std::vector<std::string>& argv, std::chrono::seconds limit);

}  // namespace graphlens::bench
