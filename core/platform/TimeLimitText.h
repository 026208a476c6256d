#pragma once
// The one wording of a time-limit kill, shared by both runChildProcess implementations.
#include <chrono>
#include <string>

namespace graphlens::platform {

inline std::string timeLimitFailure(std::chrono::milliseconds limit) {
    const auto ms = limit.count();
    const std::string amount = ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
    return "killed after its time limit of " + amount;
}

}  // namespace graphlens::platform
