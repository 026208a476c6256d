// A Windows self-check of the portable layers: runs itself as a child process, names the folders and
// the system, writes a session file the way the worker does. Exit code 0 when everything answered as
// expected. Built by the mingw portability check; run it on a Windows machine to exercise the Windows
// branches (packaging/CHECKLIST.md).
#include "platform/ChildProcess.h"
#include "platform/ProcessIds.h"
#include "platform/SystemNames.h"
#include "platform/UserFolders.h"
#include "profiler/ChromeTrace.h"
#include "results/AtomicFile.h"
#include "results/JsonlAutosave.h"
#include "results/MeasurementJson.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

using namespace graphlens;

namespace {

constexpr int kChildExitCode = 7;

bool check(bool ok, const std::string& what) {
    std::cout << (ok ? "ok   " : "FAIL ") << what << "\n";
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--child") {
        std::puts("child says hello");
        return kChildExitCode;
    }
    if (argc > 1 && std::string(argv[1]) == "--sleep") {
        std::this_thread::sleep_for(std::chrono::seconds(60));
        return 0;
    }
    std::cout << "system: " << platform::operatingSystemName() << "\n"
              << "process " << platform::currentProcessId() << ", thread " << platform::currentSystemThreadId() << "\n"
              << "cache: " << platform::graphlensUserFolder(platform::UserFolder::Cache).string() << "\n"
              << "data: " << platform::graphlensUserFolder(platform::UserFolder::Data).string() << "\n";
    bool ok = true;
    const auto self = platform::currentExecutablePath();
    ok &= check(self.has_value(), "own executable path");
    if (self) {
        std::vector<std::string> lines;
        const auto child = platform::runChildProcess({self->string(), "--child"}, std::chrono::seconds(30),
                                                     [&](const std::string& line) { lines.push_back(line); });
        ok &= check(child.started && child.exitCode == kChildExitCode, "child exit code (" + child.failure + ")");
        ok &= check(lines == std::vector<std::string>{"child says hello"}, "child stdout, CRLF stripped");
        const auto slow = platform::runChildProcess({self->string(), "--sleep"}, std::chrono::milliseconds(500), nullptr);
        ok &= check(slow.timedOut, "time limit kill: " + slow.failure);
        const auto missing = platform::runChildProcess({"C:\\no\\such\\program.exe"}, std::chrono::seconds(5), nullptr);
        ok &= check(!missing.started && !missing.failure.empty(), "missing program: " + missing.failure);
    }
    const auto folder = std::filesystem::temp_directory_path() / "graphlens-portability-probe";
    std::filesystem::create_directories(folder);
    results::Measurement row;
    row.family = "probe";
    results::writeFileAtomically(folder / "row.json", results::toJson(row).dump());
    results::JsonlAutosave(folder / "rows.jsonl").append(row);
    ok &= check(results::readJsonlAutosave(folder / "rows.jsonl").rows.size() >= 1, "autosave written and read back");
    ok &= check(!profiler::ChromeTrace().toJson().empty(), "trace export");
    std::filesystem::remove_all(folder);
    return ok ? 0 : 1;
}
