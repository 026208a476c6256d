#include "platform/ProcessControl.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <cerrno>
#include <csignal>
#include <unistd.h>
#endif

namespace graphlens::platform {

bool processExists(std::int64_t pid) {
    if (pid <= 0) return false;
#ifdef _WIN32
    const HANDLE process = OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
    if (!process) return GetLastError() == ERROR_ACCESS_DENIED;  // it exists, under another user
    const bool running = WaitForSingleObject(process, 0) == WAIT_TIMEOUT;
    CloseHandle(process);
    return running;
#else
    // Signal 0 only asks whether the process exists (EPERM: it does, under another user).
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#endif
}

void leadNewProcessGroup() {
#ifndef _WIN32
    ::setpgid(0, 0);
#endif
}

void killProcessGroup(std::int64_t leaderPid) {
    if (leaderPid <= 0) return;
#ifdef _WIN32
    if (const HANDLE process = OpenProcess(PROCESS_TERMINATE, FALSE, static_cast<DWORD>(leaderPid))) {
        TerminateProcess(process, 1);
        CloseHandle(process);
    }
#else
    ::kill(-static_cast<pid_t>(leaderPid), SIGKILL);
#endif
}

}  // namespace graphlens::platform
