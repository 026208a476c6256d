#pragma once
// What the GUI needs of processes it did not start through runChildProcess: its worker, started by
// QProcess, and the owner of a run marker. Qt has no API for either.
#include <cstdint>

namespace graphlens::platform {

// Whether a process with this id exists (under any user).
bool processExists(std::int64_t pid);

// For a freshly forked child, before exec: makes it lead a process group of its own, so that
// killProcessGroup reaches everything it starts. No effect on Windows.
void leadNewProcessGroup();

// Kills the process and what it started: the whole group it leads (POSIX, after leadNewProcessGroup),
// or the process itself on Windows, where runChildProcess's job objects end its children with it.
void killProcessGroup(std::int64_t leaderPid);

}  // namespace graphlens::platform
