#pragma once
// Child graphlens-cli processes (profiled pass, verify --all): started without a shell, their stdout
// read line by line, killed when they outlive their time limit, and killed with their parent (a
// Cancel in the GUI kills the worker; its profiling child must not live on holding the GPU).
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace graphlens::bench {

// Absolute path of graphlens-cli: this executable, or the one beside it (tests, benchmarks).
std::string graphlensCliPath();

struct ChildResult {
    bool started = false;
    bool timedOut = false;
    int exitCode = -1;        // the child's exit status; -1 when it was killed or never started
    std::string failure;      // why it did not start or end normally; empty when it exited
};

// Runs argv[0] with argv, calls onLine for each stdout line (without its newline); stderr is
// inherited. Waits at most `limit`; then kills the child and reports timedOut.
ChildResult runChildProcess(const std::vector<std::string>& argv, std::chrono::seconds limit,
                            const std::function<void(const std::string&)>& onLine);

}  // namespace graphlens::bench
