#pragma once
// The CPU facts of the environment fingerprint: model and frequency governor. Both can be absent
// (an aarch64 /proc/cpuinfo has no model name; VMs and containers often hide cpufreq), so each
// returns nothing and writes the reason to *why (may be null). Parsers take text or a path so tests
// run on fixtures.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace graphlens::platform {

inline constexpr const char* kProcCpuinfoPath = "/proc/cpuinfo";
inline constexpr const char* kCpu0GovernorPath = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor";

// The first "model name" line's value, with runs of blanks collapsed (older Intel strings pad with
// spaces). Nothing when no line has one, as on aarch64, whose cpuinfo names implementer/part codes.
std::optional<std::string> cpuModelFromProcCpuinfo(std::string_view text, std::string* why = nullptr);
// Reads `path` and parses it as above.
std::optional<std::string> cpuModel(const std::filesystem::path& path = kProcCpuinfoPath, std::string* why = nullptr);

// The first line of a scaling_governor file ("performance", "powersave", …). CPU 0 stands for all:
// machines that time benchmarks set one governor for every CPU.
std::optional<std::string> cpuGovernor(const std::filesystem::path& path = kCpu0GovernorPath,
                                       std::string* why = nullptr);

}  // namespace graphlens::platform
