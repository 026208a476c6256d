#include "platform/CpuInfo.h"

#include <fstream>
#include <sstream>
#include <utility>

namespace graphlens::platform {
namespace {

std::nullopt_t fail(std::string* why, std::string text) {
    if (why) *why = std::move(text);
    return std::nullopt;
}

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Trims both ends and collapses inner runs of blanks to one space.
std::string tidy(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (!isBlank(c)) {
            out += c;
        } else if (!out.empty() && out.back() != ' ') {
            out += ' ';
        }
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::optional<std::string> readFile(const std::filesystem::path& path, std::string* why) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(why, "cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

std::optional<std::string> cpuModelFromProcCpuinfo(std::string_view text, std::string* why) {
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || tidy(line.substr(0, colon)) != "model name") continue;
        std::string model = tidy(line.substr(colon + 1));
        if (!model.empty()) return model;
    }
    return fail(why, "no \"model name\" line in the CPU description (usual on aarch64)");
}

std::optional<std::string> cpuModel(const std::filesystem::path& path, std::string* why) {
    const auto text = readFile(path, why);
    if (!text) return std::nullopt;
    return cpuModelFromProcCpuinfo(*text, why);
}

std::optional<std::string> cpuGovernor(const std::filesystem::path& path, std::string* why) {
    const auto text = readFile(path, why);
    if (!text) {
        return fail(why, "cannot read " + path.string() + " (no cpufreq driver: common in VMs and containers)");
    }
    std::string governor = tidy(std::string_view(*text).substr(0, text->find('\n')));
    if (governor.empty()) return fail(why, path.string() + " is empty");
    return governor;
}

}  // namespace graphlens::platform
