// Process and thread ids, process liveness, OS and executable names, durable writes: checked against
// what this (Linux) machine says through its own calls.
#include "platform/DurableFile.h"
#include "platform/ProcessControl.h"
#include "platform/ProcessIds.h"
#include "platform/SystemNames.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace graphlens::platform;
namespace fs = std::filesystem;

TEST_CASE("process and thread ids are the kernel's", "[process]") {
    CHECK(currentProcessId() == ::getpid());
    CHECK(currentSystemThreadId() == static_cast<std::uint32_t>(::syscall(SYS_gettid)));
    CHECK(currentLibraryThreadId() == static_cast<std::uint32_t>(pthread_self()));
    std::uint32_t other = 0;
    std::thread([&] { other = currentSystemThreadId(); }).join();
    CHECK(other != 0);
    CHECK(other != currentSystemThreadId());
}

TEST_CASE("a process exists until it has been reaped", "[process]") {
    CHECK(processExists(currentProcessId()));
    CHECK_FALSE(processExists(0));
    CHECK_FALSE(processExists(-1));
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK_FALSE(processExists(child));
}

TEST_CASE("killing a process group ends the leader and what it started", "[process]") {
    const pid_t leader = ::fork();
    if (leader == 0) {
        leadNewProcessGroup();
        ::execl("/bin/sh", "sh", "-c", "sleep 60 & wait", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    // Wait until the group exists (the child has called setpgid), then kill it.
    for (int i = 0; i < 500 && ::getpgid(leader) != leader; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(::getpgid(leader) == leader);
    killProcessGroup(leader);
    int status = 0;
    ::waitpid(leader, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
}

TEST_CASE("the operating system and the running executable are named", "[system]") {
    utsname names{};
    REQUIRE(::uname(&names) == 0);
    CHECK(operatingSystemName() == std::string(names.sysname) + " " + names.release + " " + names.machine);
    const auto self = currentExecutablePath();
    REQUIRE(self);
    CHECK(self->is_absolute());
    CHECK(self->filename() == "graphlens_unit_platform");
}

TEST_CASE("a written file can be synced to disk", "[durable]") {
    const auto path = fs::temp_directory_path() / ("graphlens-durable-test-" + std::to_string(::getpid()));
    std::FILE* file = std::fopen(path.c_str(), "wb");
    REQUIRE(file);
    std::fputs("row\n", file);
    REQUIRE(std::fflush(file) == 0);
    CHECK(syncToDisk(file));
    std::fclose(file);
    CHECK(fs::file_size(path) == 4);
    fs::remove(path);
}
