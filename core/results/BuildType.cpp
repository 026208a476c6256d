#include "results/BuildType.h"

#include <algorithm>
#include <cctype>

namespace graphlens::results {
namespace {

constexpr std::string_view kUnoptimised = " (unoptimised)";

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

std::string buildTypeLabel(std::string_view cmakeBuildType, bool optimized) {
    std::string label = cmakeBuildType.empty() ? std::string("none") : std::string(cmakeBuildType);
    // "Debug" already says it; any other name would hide an -O0 build (no type given, custom flags).
    if (!optimized && !equalsIgnoringCase(label, "Debug")) label += kUnoptimised;
    return label;
}

std::string buildTypeOf(const nlohmann::json& environment, const std::vector<Measurement>& rows) {
    if (environment.is_object()) {
        const auto type = environment.find("build_type");
        if (type != environment.end() && type->is_string() && !type->get<std::string>().empty()) {
            const auto optimized = environment.find("build_optimized");
            const bool known = optimized != environment.end() && optimized->is_boolean();
            return buildTypeLabel(type->get<std::string>(), known ? optimized->get<bool>() : true);
        }
    }
    for (const auto& row : rows) {
        if (!row.build_type.empty()) return row.build_type;
    }
    return std::string(kUnknownBuildType);
}

bool isUnrepresentativeBuild(std::string_view buildType) {
    if (equalsIgnoringCase(buildType, "Debug")) return true;
    return buildType.size() >= kUnoptimised.size() &&
           buildType.substr(buildType.size() - kUnoptimised.size()) == kUnoptimised;
}

std::string unrepresentativeBuildOf(const std::vector<Measurement>& rows) {
    for (const auto& row : rows) {
        if (isUnrepresentativeBuild(row.build_type)) return row.build_type;
    }
    return {};
}

}  // namespace graphlens::results
