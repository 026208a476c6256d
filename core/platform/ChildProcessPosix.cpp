// runChildProcess on POSIX: fork + execv, stdout through a pipe, poll for the time limit.
#include "platform/ChildProcess.h"
#include "platform/OutputLines.h"
#include "platform/ProcessTree.h"
#include "platform/TimeLimitText.h"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

namespace graphlens::platform {
namespace {

struct Pipe {
    int read = -1;
    int write = -1;
    bool open() {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) return false;
        read = fds[0];
        write = fds[1];
        return true;
    }
    ~Pipe() {
        if (read >= 0) ::close(read);
        if (write >= 0) ::close(write);
    }
    void closeWrite() {
        ::close(write);
        write = -1;
    }
};

// Runs in the forked child: only async-signal-safe calls until execv. On failure the errno goes
// back through `execError` (closed by exec on success, CLOEXEC) so the parent can say why.
[[noreturn]] void execChild(char* const* args, pid_t parent, const Pipe& output, const Pipe& execError) {
#if defined(__linux__)
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);      // dies with the caller, whatever killed it
    if (::getppid() != parent) ::_exit(127);  // the caller died before prctl took effect
#else
    (void)parent;
#endif
    ::dup2(output.write, STDOUT_FILENO);  // dup2 clears CLOEXEC on the copy
    ::execv(args[0], args);
    const int error = errno;
    [[maybe_unused]] const auto written = ::write(execError.write, &error, sizeof error);
    ::_exit(127);
}

// The errno the child sent when execv failed; 0 when the program runs.
int execErrorOf(Pipe& execError) {
    execError.closeWrite();
    int error = 0;
    ssize_t n;
    while ((n = ::read(execError.read, &error, sizeof error)) < 0 && errno == EINTR) {
    }
    return n == sizeof error ? error : 0;
}

// Reads stdout into `lines` until the child closes it or the deadline passes; true on timeout.
bool readUntilClosed(int fd, std::chrono::steady_clock::time_point deadline, OutputLines& lines) {
    std::array<char, 65536> chunk{};
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return true;
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (ready <= 0) continue;  // EINTR or nothing yet
        const auto n = ::read(fd, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;  // end of output: the child (and whatever shared its stdout) closed it
        lines.append(std::string_view(chunk.data(), static_cast<std::size_t>(n)));
    }
}

int waitFor(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

}  // namespace

ChildProcessResult runChildProcess(const std::vector<std::string>& argv, std::chrono::milliseconds limit,
                                   const OutputLineHandler& onLine) {
    ChildProcessResult result;
    if (argv.empty()) {
        result.failure = "no program given";
        return result;
    }
    std::vector<char*> args;  // built before fork: the child may not allocate
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    Pipe output, execError;
    if (!output.open() || !execError.open()) {
        result.failure = std::string("cannot create a pipe: ") + std::strerror(errno);
        return result;
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        result.failure = std::string("cannot start a process: ") + std::strerror(errno);
        return result;
    }
    if (pid == 0) execChild(args.data(), parent, output, execError);
    output.closeWrite();
    if (const int error = execErrorOf(execError); error != 0) {
        waitFor(pid);
        result.failure = "could not run " + argv[0] + ": " + std::strerror(error);
        return result;
    }
    result.started = true;
    OutputLines lines(onLine);
    result.timedOut = readUntilClosed(output.read, std::chrono::steady_clock::now() + limit, lines);
    if (result.timedOut) {
        killProcessTree(pid);
    } else {
        lines.finish();
    }
    const int status = waitFor(pid);
    if (result.timedOut) {
        result.failure = timeLimitFailure(limit);
    } else if (WIFEXITED(status)) {
        result.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.failure = "ended by signal " + std::to_string(WTERMSIG(status));
    }
    return result;
}

}  // namespace graphlens::platform
