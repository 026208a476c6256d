#include "bench/ChildProcess.h"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

namespace graphlens::bench {

std::string graphlensCliPath() {
    std::array<char, 4096> path{};
    const auto length = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
    if (length <= 0) return "graphlens-cli";
    const std::filesystem::path self(std::string(path.data(), static_cast<std::size_t>(length)));
    return self.filename() == "graphlens-cli" ? self.string() : (self.parent_path() / "graphlens-cli").string();
}

ChildResult runChildProcess(const std::vector<std::string>& argv, std::chrono::seconds limit,
                            const std::function<void(const std::string&)>& onLine) {
    ChildResult result;
    if (argv.empty()) {
        result.failure = "no program given";
        return result;
    }
    int fds[2];
    if (::pipe(fds) != 0) {
        result.failure = std::string("pipe: ") + std::strerror(errno);
        return result;
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        result.failure = std::string("fork: ") + std::strerror(errno);
        ::close(fds[0]);
        ::close(fds[1]);
        return result;
    }
    if (pid == 0) {
#if defined(__linux__)
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);      // dies with the worker, whatever killed it
        if (::getppid() != parent) ::_exit(127);  // the parent died before prctl took effect
#endif
        ::dup2(fds[1], STDOUT_FILENO);
        ::close(fds[0]);
        ::close(fds[1]);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    result.started = true;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    std::string pending;
    std::array<char, 65536> chunk{};
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timedOut = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        const auto n = ::read(fds[0], chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // end of output: the child closed stdout (it exited)
        pending.append(chunk.data(), static_cast<std::size_t>(n));
        for (std::size_t newline; (newline = pending.find('\n')) != std::string::npos;) {
            if (onLine) onLine(pending.substr(0, newline));
            pending.erase(0, newline + 1);
        }
    }
    ::close(fds[0]);
    if (!pending.empty() && onLine && !result.timedOut) onLine(pending);
    if (result.timedOut) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (result.timedOut) {
        result.failure = "killed after its time limit of " + std::to_string(limit.count()) + " s";
    } else if (WIFEXITED(status)) {
        result.exitCode = WEXITSTATUS(status);
        if (result.exitCode == 127) result.failure = "could not run " + argv[0];
    } else if (WIFSIGNALED(status)) {
        result.failure = std::string("ended by signal ") + std::to_string(WTERMSIG(status));
    }
    return result;
}

}  // namespace graphlens::bench
