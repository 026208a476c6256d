#include "platform/SystemNames.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/utsname.h>
#include <unistd.h>
#endif

#include <array>

namespace graphlens::platform {
namespace {

#ifdef _WIN32
// GetVersionEx reports what the program's manifest claims to support, not the system: RtlGetVersion
// (ntdll, always loaded) tells the truth. Its struct is OSVERSIONINFOW.
std::string windowsVersion() {
    using RtlGetVersion = LONG(WINAPI*)(OSVERSIONINFOW*);
    const HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
    const auto getVersion = ntdll ? reinterpret_cast<RtlGetVersion>(
                                        reinterpret_cast<void*>(GetProcAddress(ntdll, "RtlGetVersion")))
                                  : nullptr;
    OSVERSIONINFOW info{};
    info.dwOSVersionInfoSize = sizeof info;
    if (!getVersion || getVersion(&info) != 0) return "Windows";
    return "Windows " + std::to_string(info.dwMajorVersion) + "." + std::to_string(info.dwMinorVersion) + "." +
           std::to_string(info.dwBuildNumber);
}

std::string windowsMachine() {
    SYSTEM_INFO system{};
    GetNativeSystemInfo(&system);
    switch (system.wProcessorArchitecture) {
    case PROCESSOR_ARCHITECTURE_AMD64: return "x86_64";
    case PROCESSOR_ARCHITECTURE_ARM64: return "arm64";
    case PROCESSOR_ARCHITECTURE_INTEL: return "x86";
    default: return "unknown-architecture";
    }
}
#endif

}  // namespace

std::string operatingSystemName() {
#ifdef _WIN32
    return windowsVersion() + " " + windowsMachine();
#else
    utsname names{};
    if (::uname(&names) != 0) return "unknown";
    return std::string(names.sysname) + " " + names.release + " " + names.machine;
#endif
}

std::string hostName() {
#ifdef _WIN32
    std::array<char, MAX_COMPUTERNAME_LENGTH + 1> name{};
    DWORD length = static_cast<DWORD>(name.size());
    if (!GetComputerNameA(name.data(), &length) || length == 0) return "unknown";
    return std::string(name.data(), length);
#else
    std::array<char, 256> name{};
    if (::gethostname(name.data(), name.size() - 1) != 0 || name[0] == '\0') return "unknown";
    return name.data();
#endif
}

std::optional<std::filesystem::path> currentExecutablePath() {
#ifdef _WIN32
    std::wstring path(MAX_PATH, L'\0');
    for (;;) {
        const DWORD length = GetModuleFileNameW(nullptr, path.data(), static_cast<DWORD>(path.size()));
        if (length == 0) return std::nullopt;
        if (length < path.size()) return std::filesystem::path(path.substr(0, length));
        path.resize(path.size() * 2);  // truncated: long paths exceed MAX_PATH
    }
#else
    std::array<char, 4096> path{};
    const auto length = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
    if (length <= 0) return std::nullopt;
    return std::filesystem::path(std::string(path.data(), static_cast<std::size_t>(length)));
#endif
}

}  // namespace graphlens::platform
