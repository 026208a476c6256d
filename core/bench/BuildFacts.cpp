#include "bench/BuildFacts.h"

#include "results/BuildType.h"

#include <string_view>

// Given to this file alone by core/bench/CMakeLists.txt as $<CONFIG>, so a multi-config generator
// (Visual Studio) records the configuration actually built, not CMAKE_BUILD_TYPE.
#ifndef GRAPHLENS_BUILD_TYPE
#error "GRAPHLENS_BUILD_TYPE must come from core/bench/CMakeLists.txt"
#endif

namespace graphlens::bench {
namespace {

constexpr const char* kCmakeBuildType = GRAPHLENS_BUILD_TYPE;

// What the compiler did to this file, which the rest of graphlens_bench shares flags with.
bool optimized() {
#if defined(__GNUC__) || defined(__clang__)
#if defined(__OPTIMIZE__)
    return true;
#else
    return false;
#endif
#else
    // MSVC defines no macro for /O2; its Debug configuration is the unoptimised one.
    return std::string_view(kCmakeBuildType) != "Debug";
#endif
}

bool assertionsOn() {
#if defined(NDEBUG)
    return false;
#else
    return true;
#endif
}

std::string compiler() {
#if defined(__clang__)
    return std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
    return std::string("GCC ") + __VERSION__;
#elif defined(_MSC_VER)
    return "MSVC " + std::to_string(_MSC_FULL_VER);
#else
    return "unknown";
#endif
}

}  // namespace

nlohmann::json buildFacts() {
    nlohmann::json facts;
    facts["build_type"] = std::string(kCmakeBuildType).empty() ? std::string("none") : std::string(kCmakeBuildType);
    facts["build_optimized"] = optimized();
    facts["build_assertions"] = assertionsOn();
    facts["compiler"] = compiler();
    return facts;
}

const std::string& buildTypeLabel() {
    static const std::string label = results::buildTypeLabel(kCmakeBuildType, optimized());
    return label;
}

}  // namespace graphlens::bench
