// runChildProcess on Windows: CreateProcessW (no shell) inside a job object, stdout through a pipe.
// The job is what kills the descendants: at the time limit TerminateJobObject ends every process in
// it, and KILL_ON_JOB_CLOSE ends them when the caller dies and its handle to the job closes.
#include "platform/ChildProcess.h"
#include "platform/OutputLines.h"
#include "platform/TimeLimitText.h"
#include "platform/WideText.h"
#include "platform/WindowsCommandLine.h"

#include <windows.h>

#include <algorithm>
#include <array>

namespace graphlens::platform {
namespace {

class Handle {
public:
    explicit Handle(HANDLE handle = nullptr) : handle_(handle) {}
    Handle(Handle&& other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { reset(); }
    void reset(HANDLE handle = nullptr) {
        if (handle_ && handle_ != INVALID_HANDLE_VALUE) CloseHandle(handle_);
        handle_ = handle;
    }
    HANDLE get() const { return handle_; }
    HANDLE* out() { return &handle_; }

private:
    HANDLE handle_;
};

Handle killOnCloseJob() {
    Handle job(CreateJobObjectW(nullptr, nullptr));
    if (!job.get()) return job;
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (!SetInformationJobObject(job.get(), JobObjectExtendedLimitInformation, &limits, sizeof limits)) job.reset();
    return job;
}

// Reads stdout into `lines` until every writer closed it or the deadline passes; true on timeout.
bool readUntilClosed(HANDLE pipe, std::chrono::steady_clock::time_point deadline, OutputLines& lines) {
    std::array<char, 65536> chunk{};
    for (;;) {
        DWORD available = 0;
        if (!PeekNamedPipe(pipe, nullptr, 0, nullptr, &available, nullptr)) return false;  // broken: closed
        if (available > 0) {
            DWORD read = 0;
            if (!ReadFile(pipe, chunk.data(), std::min<DWORD>(available, DWORD(chunk.size())), &read, nullptr)) {
                return false;
            }
            lines.append(std::string_view(chunk.data(), read));
            continue;
        }
        if (std::chrono::steady_clock::now() >= deadline) return true;
        Sleep(5);  // anonymous pipes have no overlapped reads to wait on
    }
}

}  // namespace

ChildProcessResult runChildProcess(const std::vector<std::string>& argv, std::chrono::milliseconds limit,
                                   const OutputLineHandler& onLine) {
    ChildProcessResult result;
    if (argv.empty()) {
        result.failure = "no program given";
        return result;
    }
    SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    Handle readEnd, writeEnd;
    if (!CreatePipe(readEnd.out(), writeEnd.out(), &inheritable, 0) ||
        !SetHandleInformation(readEnd.get(), HANDLE_FLAG_INHERIT, 0)) {
        result.failure = "cannot create a pipe: " + windowsErrorText(GetLastError());
        return result;
    }
    const Handle job = killOnCloseJob();
    if (!job.get()) {
        result.failure = "cannot create a job object: " + windowsErrorText(GetLastError());
        return result;
    }
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    startup.hStdOutput = writeEnd.get();
    startup.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    const std::wstring program = widen(argv[0]);
    std::wstring commandLine = widen(windowsCommandLine(argv));
    PROCESS_INFORMATION process{};
    // Suspended until it is in the job, so nothing it starts can escape the job.
    const BOOL created = CreateProcessW(program.c_str(), commandLine.data(), nullptr, nullptr, /*inherit=*/TRUE,
                                        CREATE_SUSPENDED, nullptr, nullptr, &startup, &process);
    const DWORD createError = GetLastError();
    writeEnd.reset();  // the child holds the only write end now: its exit breaks the pipe
    if (!created) {
        result.failure = "could not run " + argv[0] + ": " + windowsErrorText(createError);
        return result;
    }
    const Handle child(process.hProcess);
    const Handle thread(process.hThread);
    if (!AssignProcessToJobObject(job.get(), child.get())) {
        TerminateProcess(child.get(), 1);
        result.failure = "cannot put " + argv[0] + " in a job object: " + windowsErrorText(GetLastError());
        return result;
    }
    ResumeThread(thread.get());
    result.started = true;
    OutputLines lines(onLine);
    result.timedOut = readUntilClosed(readEnd.get(), std::chrono::steady_clock::now() + limit, lines);
    if (result.timedOut) {
        TerminateJobObject(job.get(), 1);
    } else {
        lines.finish();
    }
    WaitForSingleObject(child.get(), INFINITE);
    DWORD exitCode = 0;
    if (result.timedOut) {
        result.failure = timeLimitFailure(limit);
    } else if (GetExitCodeProcess(child.get(), &exitCode)) {
        result.exitCode = static_cast<int>(exitCode);
    }
    return result;
}

}  // namespace graphlens::platform
