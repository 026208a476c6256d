#pragma once
// Child processes without a shell (the profiled pass, verify --all): argv in, stdout read line by
// line, a time limit, and a kill that reaches the child's own children too. One API, a POSIX and a
// Windows implementation (ChildProcessPosix.cpp, ChildProcessWindows.cpp).
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace graphlens::platform {

struct ChildProcessResult {
    bool started = false;     // false: the program could not be run at all (failure says why)
    bool timedOut = false;    // the child and its descendants were killed at the time limit
    int exitCode = -1;        // the child's exit status; -1 when it was killed or never started
    std::string failure;      // why it did not start or end normally; empty when it exited
};

using OutputLineHandler = std::function<void(const std::string& line)>;

// Runs argv[0] (a path, not searched in PATH) with argv. stdout goes to onLine one line at a time
// (without its newline, the last line even without one); stdin and stderr are inherited. Waits at
// most `limit`, then kills the child and every process it started. The child also dies when the
// calling process dies, however it dies (a Cancel in the GUI kills the worker: its profiling child
// must not live on holding the GPU). Callers on other threads are fine; onLine runs on this one.
ChildProcessResult runChildProcess(const std::vector<std::string>& argv, std::chrono::milliseconds limit,
                                   const OutputLineHandler& onLine);

}  // namespace graphlens::platform
