#pragma once
// Where GraphLens keeps per-user files, by the platform's conventions: the XDG base directories on
// Linux (XDG_CACHE_HOME, XDG_DATA_HOME, else ~/.cache and ~/.local/share), %LOCALAPPDATA% on Windows.
// Both rules are plain functions of an environment lookup, so each is tested on any machine.
#include <filesystem>
#include <functional>
#include <optional>

namespace graphlens::platform {

enum class FolderConvention { Xdg, Windows };
enum class UserFolder { Cache, Data };  // Cache: can be regenerated; Data: results the user keeps

// An environment variable's value as a path; nullopt when unset or empty.
using EnvironmentLookup = std::function<std::optional<std::filesystem::path>(const char* name)>;

FolderConvention nativeFolderConvention();
std::optional<std::filesystem::path> processEnvironment(const char* name);  // UTF-16 on Windows, bytes elsewhere

// GraphLens's own folder of that kind ("graphlens" inside the platform's base folder), not created.
// Falls back to a folder under the temporary directory when the environment names no home at all.
std::filesystem::path graphlensUserFolder(UserFolder folder, FolderConvention convention = nativeFolderConvention(),
                                          const EnvironmentLookup& environment = processEnvironment);

}  // namespace graphlens::platform
