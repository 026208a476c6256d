#include "platform/UserFolders.h"

#include <cstdlib>
#include <string>

namespace graphlens::platform {
namespace fs = std::filesystem;
namespace {

// The XDG spec: a relative path in XDG_*_HOME is invalid and is ignored.
std::optional<fs::path> xdgBase(UserFolder folder, const EnvironmentLookup& environment) {
    const char* variable = folder == UserFolder::Cache ? "XDG_CACHE_HOME" : "XDG_DATA_HOME";
    if (const auto value = environment(variable); value && value->is_absolute()) return *value;
    const auto home = environment("HOME");
    if (!home) return std::nullopt;
    return folder == UserFolder::Cache ? *home / ".cache" : *home / ".local" / "share";
}

// Windows keeps both kinds under the local (non-roaming) application data folder: caches and
// measured sessions are tied to this machine's GPU and have no business roaming.
std::optional<fs::path> windowsBase(const EnvironmentLookup& environment) {
    if (const auto local = environment("LOCALAPPDATA")) return *local;
    if (const auto profile = environment("USERPROFILE")) return *profile / "AppData" / "Local";
    return std::nullopt;
}

}  // namespace

FolderConvention nativeFolderConvention() {
#ifdef _WIN32
    return FolderConvention::Windows;
#else
    return FolderConvention::Xdg;
#endif
}

std::optional<fs::path> processEnvironment(const char* name) {
#ifdef _WIN32
    // The wide copy: the narrow one is in the ANSI code page and loses other characters of a user name.
    const std::wstring wideName(name, name + std::char_traits<char>::length(name));
    const wchar_t* value = _wgetenv(wideName.c_str());
#else
    const char* value = std::getenv(name);
#endif
    if (!value || !*value) return std::nullopt;
    return fs::path(value);
}

fs::path graphlensUserFolder(UserFolder folder, FolderConvention convention, const EnvironmentLookup& environment) {
    const char* kind = folder == UserFolder::Cache ? "cache" : "data";
    if (convention == FolderConvention::Windows) {
        if (const auto base = windowsBase(environment)) return *base / "GraphLens" / kind;
    } else if (const auto base = xdgBase(folder, environment)) {
        return *base / "graphlens";
    }
    return fs::temp_directory_path() / (std::string("graphlens-") + kind);
}

}  // namespace graphlens::platform
