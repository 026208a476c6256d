#include "platform/ProcessTree.h"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace graphlens::platform {
#if defined(__linux__)
namespace {

// The parent of `pid` from /proc/<pid>/stat; -1 when it has gone. The command name (2nd field)
// may hold spaces and parentheses, so the fields after it are found from the last ')'.
pid_t parentOf(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return -1;
    const auto close = text.rfind(')');
    if (close == std::string::npos) return -1;
    char state = 0;
    long parent = -1;
    if (std::sscanf(text.c_str() + close + 1, " %c %ld", &state, &parent) != 2) return -1;
    return static_cast<pid_t>(parent);
}

// Adds the processes whose parent is already in `tree`; true when any was new.
bool addChildren(std::set<pid_t>& tree) {
    bool added = false;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
        const auto name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        const auto pid = static_cast<pid_t>(std::stol(name));
        if (tree.count(pid)) continue;
        if (tree.count(parentOf(pid))) {
            ::kill(pid, SIGSTOP);  // stopped, it can start nothing more
            tree.insert(pid);
            added = true;
        }
    }
    return added;
}

}  // namespace
#endif

void killProcessTree(pid_t root) {
#if defined(__linux__)
    std::set<pid_t> tree{root};
    ::kill(root, SIGSTOP);
    while (addChildren(tree)) {
    }
    for (const pid_t pid : tree) ::kill(pid, SIGKILL);
#else
    ::kill(root, SIGKILL);
#endif
}

}  // namespace graphlens::platform
