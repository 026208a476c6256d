#pragma once
// How this engine was built, for the environment fingerprint and every row (results/BuildType.h
// says why it matters: Debug figures are not representative). No torch: cheap to compile, and the
// one file that is given the CMake build type.
#include <nlohmann/json.hpp>
#include <string>

namespace graphlens::bench {

// {"build_type": "Release", "build_optimized": true, "build_assertions": false, "compiler": "GCC 12.2.0"}
nlohmann::json buildFacts();

// The rows' build_type: results::buildTypeLabel of this build ("Release", "Debug", "none (unoptimised)").
const std::string& buildTypeLabel();

}  // namespace graphlens::bench
