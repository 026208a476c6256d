#pragma once
// The profiled pass's process that records what the GPU ran (`graphlens-cli profile-pass --records
// full`), started early and held at a start line. Its process start, library loading, plan and
// dataset cost about 1 s of the default question on the H200; started before the in-process API-calls
// windows and told to go when they end, that start-up runs beside them instead of after them. Before
// the go it does no GPU work (runProfilePass waits before anything that touches the device), so the
// windows it runs beside are not disturbed: it does not even create its CUDA context before the go.
#include "bench/SweepEvents.h"
#include "results/Measurement.h"

#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace graphlens::bench {

class ProfiledChildRun {
public:
    // Starts `executable profile-pass --plan planFile --verdicts verdictsFile --session-id sessionId
    // --records full --go-file goFile [--replay-gap-us G]` on a thread of its own; `limit` counts from now, the wait for the
    // go included.
    ProfiledChildRun(const std::string& executable, const std::filesystem::path& planFile,
                     const std::filesystem::path& verdictsFile, const std::string& sessionId,
                     std::filesystem::path goFile, std::chrono::seconds limit,
                     std::optional<double> replayGapUs = std::nullopt);
    ~ProfiledChildRun();  // gives the go if finish() was not called, so the child never waits forever
    ProfiledChildRun(const ProfiledChildRun&) = delete;
    ProfiledChildRun& operator=(const ProfiledChildRun&) = delete;

    // Gives the go and waits for the child: its log lines and warnings (held until now, so that events
    // is only ever called from one thread at a time) go to events, its rows come back.
    std::vector<results::Measurement> finish(SweepEvents& events);

private:
    void onLine(const std::string& line);
    void handle(const std::string& line, SweepEvents& events);
    void giveGo();

    std::filesystem::path goFile_;
    std::mutex mutex_;
    SweepEvents* live_ = nullptr;   // set by finish(): lines are handled as they come from then on
    std::vector<std::string> held_;  // lines that came before finish()
    std::vector<results::Measurement> rows_;
    std::string failure_;
    std::thread thread_;
};

}  // namespace graphlens::bench
