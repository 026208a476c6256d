// Per-user folders: the XDG and the Windows rules from a fake environment, then the real one.
#include "platform/UserFolders.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <string>

using namespace graphlens::platform;
namespace fs = std::filesystem;

namespace {

EnvironmentLookup fakeEnvironment(std::map<std::string, std::string> variables) {
    return [variables = std::move(variables)](const char* name) -> std::optional<fs::path> {
        const auto found = variables.find(name);
        if (found == variables.end() || found->second.empty()) return std::nullopt;
        return fs::path(found->second);
    };
}

fs::path xdgFolder(UserFolder folder, std::map<std::string, std::string> variables) {
    return graphlensUserFolder(folder, FolderConvention::Xdg, fakeEnvironment(std::move(variables)));
}

fs::path windowsFolder(UserFolder folder, std::map<std::string, std::string> variables) {
    return graphlensUserFolder(folder, FolderConvention::Windows, fakeEnvironment(std::move(variables)));
}

// Sets a variable for one scope and restores what was there.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        value ? ::setenv(name, value, 1) : ::unsetenv(name);
    }
    ~ScopedVariable() { old_ ? ::setenv(name_, old_->c_str(), 1) : ::unsetenv(name_); }

private:
    const char* name_;
    std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("on Linux the XDG variables win, else the folders under HOME", "[folders]") {
    const std::map<std::string, std::string> all{
        {"HOME", "/home/ada"}, {"XDG_CACHE_HOME", "/fast/cache"}, {"XDG_DATA_HOME", "/big/data"}};
    CHECK(xdgFolder(UserFolder::Cache, all) == fs::path("/fast/cache/graphlens"));
    CHECK(xdgFolder(UserFolder::Data, all) == fs::path("/big/data/graphlens"));
    CHECK(xdgFolder(UserFolder::Cache, {{"HOME", "/home/ada"}}) == fs::path("/home/ada/.cache/graphlens"));
    CHECK(xdgFolder(UserFolder::Data, {{"HOME", "/home/ada"}}) == fs::path("/home/ada/.local/share/graphlens"));
}

TEST_CASE("an empty or relative XDG variable is ignored, as the XDG spec says", "[folders]") {
    CHECK(xdgFolder(UserFolder::Cache, {{"HOME", "/home/ada"}, {"XDG_CACHE_HOME", ""}}) ==
          fs::path("/home/ada/.cache/graphlens"));
    CHECK(xdgFolder(UserFolder::Data, {{"HOME", "/home/ada"}, {"XDG_DATA_HOME", "relative/data"}}) ==
          fs::path("/home/ada/.local/share/graphlens"));
}

TEST_CASE("on Windows both folders sit under LOCALAPPDATA, else under the user profile", "[folders]") {
    const std::map<std::string, std::string> windows{{"LOCALAPPDATA", R"(C:\Users\Ada\AppData\Local)"},
                                                     {"USERPROFILE", R"(C:\Users\Ada)"},
                                                     {"XDG_CACHE_HOME", "/ignored"}};
    CHECK(windowsFolder(UserFolder::Cache, windows) == fs::path(R"(C:\Users\Ada\AppData\Local)") / "GraphLens" / "cache");
    CHECK(windowsFolder(UserFolder::Data, windows) == fs::path(R"(C:\Users\Ada\AppData\Local)") / "GraphLens" / "data");
    CHECK(windowsFolder(UserFolder::Data, {{"USERPROFILE", R"(C:\Users\Ada)"}}) ==
          fs::path(R"(C:\Users\Ada)") / "AppData" / "Local" / "GraphLens" / "data");
}

TEST_CASE("with no home in the environment the folders fall back to the temporary directory", "[folders]") {
    CHECK(xdgFolder(UserFolder::Cache, {}) == fs::temp_directory_path() / "graphlens-cache");
    CHECK(xdgFolder(UserFolder::Data, {{"XDG_DATA_HOME", "not/absolute"}}) == fs::temp_directory_path() / "graphlens-data");
    CHECK(windowsFolder(UserFolder::Cache, {{"HOME", "/home/ada"}}) == fs::temp_directory_path() / "graphlens-cache");
}

TEST_CASE("the defaults read this process's environment with this platform's rules", "[folders]") {
    CHECK(nativeFolderConvention() == FolderConvention::Xdg);
    const ScopedVariable home("HOME", "/home/grace");
    const ScopedVariable cache("XDG_CACHE_HOME", "/scratch/cache");
    const ScopedVariable data("XDG_DATA_HOME", nullptr);
    CHECK(processEnvironment("XDG_DATA_HOME") == std::nullopt);
    CHECK(processEnvironment("HOME") == fs::path("/home/grace"));
    CHECK(graphlensUserFolder(UserFolder::Cache) == fs::path("/scratch/cache/graphlens"));
    CHECK(graphlensUserFolder(UserFolder::Data) == fs::path("/home/grace/.local/share/graphlens"));
    const ScopedVariable emptyCache("XDG_CACHE_HOME", "");
    CHECK(processEnvironment("XDG_CACHE_HOME") == std::nullopt);
    CHECK(graphlensUserFolder(UserFolder::Cache) == fs::path("/home/grace/.cache/graphlens"));
}
