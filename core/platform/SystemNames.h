#pragma once
// Names of this machine's operating system and executable, for the environment fingerprint and for
// finding graphlens-cli beside the running program.
#include <filesystem>
#include <optional>
#include <string>

namespace graphlens::platform {

// "Linux 6.1.0-18-amd64 x86_64", "Windows 10.0.22631 x86_64"; "unknown" when the system will not say.
std::string operatingSystemName();

// This machine's host name as the network knows it ("gpu-node-07"); "unknown" when it will not say.
std::string hostName();

// The running program's own file (/proc/self/exe, GetModuleFileNameW); nullopt when unknown.
std::optional<std::filesystem::path> currentExecutablePath();

}  // namespace graphlens::platform
