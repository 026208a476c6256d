#pragma once
// Which build of GraphLens measured a session. A Debug engine runs its own code (the families'
// forward functions, the step loop, the loaders' hand-off) unoptimised: eager steps, which run that
// code on every launch, slow down far more than graph replays, so speedups come out inflated. Such
// figures must never read as headlines. The engine records the build in the environment
// ("build_type", "build_optimized", "build_assertions", "compiler") and in every row's build_type.
#include "results/Measurement.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace graphlens::results {

// What a session written before the build type was recorded reads as: not known, never "Debug".
inline constexpr std::string_view kUnknownBuildType = "unknown";

// The row label of an engine build: its CMake build type ("none" when CMake was given none), with
// " (unoptimised)" added when the compiler did not optimise a build not called Debug.
std::string buildTypeLabel(std::string_view cmakeBuildType, bool optimized);

// The environment's "build_type" (with " (unoptimised)" when "build_optimized" is false), else the
// first row that has one, else "unknown".
std::string buildTypeOf(const nlohmann::json& environment, const std::vector<Measurement>& rows);

// Debug, or any build label marked unoptimised: the figures are not representative.
bool isUnrepresentativeBuild(std::string_view buildType);

// The first unrepresentative build type among the rows (the summary card has rows only), or "".
std::string unrepresentativeBuildOf(const std::vector<Measurement>& rows);

}  // namespace graphlens::results
