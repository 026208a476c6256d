// The process API on this machine's implementation (POSIX here): real children through /bin/sh.
#include "platform/ChildProcess.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace graphlens::platform;
using namespace std::chrono_literals;

namespace {

// Running means present and not a zombie: a killed orphan may wait a while for its new parent to reap it.
bool isRunning(long pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return false;
    const auto close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

bool goneWithin(long pid, std::chrono::milliseconds wait) {
    const auto until = std::chrono::steady_clock::now() + wait;
    while (isRunning(pid)) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

std::vector<std::string> linesOf(const std::vector<std::string>& argv, ChildProcessResult* result = nullptr) {
    std::vector<std::string> lines;
    const auto ran = runChildProcess(argv, 10s, [&](const std::string& line) { lines.push_back(line); });
    if (result) *result = ran;
    return lines;
}

}  // namespace

TEST_CASE("a child's stdout reaches the caller line by line, the last line even without a newline", "[process]") {
    ChildProcessResult result;
    const auto lines = linesOf({"/bin/sh", "-c", "echo one; echo two; printf three"}, &result);
    CHECK(result.started);
    CHECK_FALSE(result.timedOut);
    CHECK(result.exitCode == 0);
    CHECK(result.failure.empty());
    CHECK(lines == std::vector<std::string>{"one", "two", "three"});
}

TEST_CASE("a child's exit status comes back as it is", "[process]") {
    for (const int code : {0, 1, 2, 3, 127}) {
        ChildProcessResult result;
        linesOf({"/bin/sh", "-c", "exit " + std::to_string(code)}, &result);
        CHECK(result.started);
        CHECK(result.exitCode == code);
        CHECK(result.failure.empty());
    }
}

TEST_CASE("arguments reach the program as they are: no shell splits or expands them", "[process]") {
    const auto lines = linesOf({"/bin/echo", "two words", "$HOME", "*", "quote\"d"});
    CHECK(lines == std::vector<std::string>{"two words $HOME * quote\"d"});
}

TEST_CASE("a child killed by a signal is a failure, not an exit code", "[process]") {
    ChildProcessResult result;
    linesOf({"/bin/sh", "-c", "kill -9 $$"}, &result);
    CHECK(result.started);
    CHECK(result.exitCode == -1);
    CHECK_THAT(result.failure, Catch::Contains("signal 9"));
}

TEST_CASE("at its time limit a child is killed together with the processes it started", "[process]") {
    long grandchild = 0;
    const auto started = std::chrono::steady_clock::now();
    // The shell starts a sleeping grandchild, says its pid, and waits for it.
    const auto result = runChildProcess({"/bin/sh", "-c", "sleep 60 & echo $!; wait"}, 1s,
                                        [&](const std::string& line) { grandchild = std::stol(line); });
    CHECK(result.started);
    CHECK(result.timedOut);
    CHECK(result.exitCode == -1);
    CHECK_THAT(result.failure, Catch::Contains("time limit of 1 s"));
    CHECK(std::chrono::steady_clock::now() - started < 10s);
    REQUIRE(grandchild > 0);
    CHECK(goneWithin(grandchild, 5s));
}

TEST_CASE("a sub-second time limit is reported in milliseconds", "[process]") {
    const auto result = runChildProcess({"/bin/sleep", "30"}, 300ms, nullptr);
    CHECK(result.timedOut);
    CHECK_THAT(result.failure, Catch::Contains("time limit of 300 ms"));
}

TEST_CASE("a program that cannot be run says which and why, and never counts as started", "[process]") {
    ChildProcessResult missing;
    linesOf({"/no/such/program", "--flag"}, &missing);
    CHECK_FALSE(missing.started);
    CHECK(missing.exitCode == -1);
    CHECK_THAT(missing.failure, Catch::Contains("could not run /no/such/program") &&
                                    Catch::Contains("No such file or directory"));

    ChildProcessResult notExecutable;  // a folder: refused even to root, who may run any file
    linesOf({"/tmp"}, &notExecutable);
    CHECK_FALSE(notExecutable.started);
    CHECK_THAT(notExecutable.failure, Catch::Contains("Permission denied"));

    ChildProcessResult nothing;
    linesOf({}, &nothing);
    CHECK_FALSE(nothing.started);
    CHECK(nothing.failure == "no program given");
}

TEST_CASE("output larger than the pipe arrives whole", "[process]") {
    // 20000 lines (about 200 KB) is more than a pipe buffers: the reader must keep draining it.
    const auto lines = linesOf({"/bin/sh", "-c", "i=0; while [ $i -lt 20000 ]; do echo line-$i; i=$((i+1)); done"});
    REQUIRE(lines.size() == 20000);
    CHECK(lines.front() == "line-0");
    CHECK(lines.back() == "line-19999");
}
