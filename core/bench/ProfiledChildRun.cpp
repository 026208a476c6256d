#include "bench/ProfiledChildRun.h"

#include "platform/ChildProcess.h"
#include "results/AtomicFile.h"
#include "results/WorkerProtocol.h"

namespace graphlens::bench {

ProfiledChildRun::ProfiledChildRun(const std::string& executable, const std::filesystem::path& planFile,
                                   const std::filesystem::path& verdictsFile, const std::string& sessionId,
                                   std::filesystem::path goFile, std::chrono::seconds limit,
                                   std::optional<double> replayGapUs)
    : goFile_(std::move(goFile)) {
    std::error_code ignored;
    std::filesystem::remove(goFile_, ignored);  // a go left by a crashed sweep of the same process id
    std::vector<std::string> argv{executable,   "profile-pass",        "--plan",    planFile.string(),
                                  "--verdicts", verdictsFile.string(), "--session-id", sessionId,
                                  "--records",  "full",                "--go-file",    goFile_.string()};
    if (replayGapUs) {
        argv.push_back("--replay-gap-us");
        argv.push_back(std::to_string(*replayGapUs));
    }
    thread_ = std::thread([this, argv, limit] {
        const auto child = platform::runChildProcess(argv, limit, [this](const std::string& line) { onLine(line); });
        const std::string which = "the profiled pass process (full records)";
        std::lock_guard lock(mutex_);
        if (!child.failure.empty()) {
            failure_ = which + " failed: " + child.failure;
        } else if (child.exitCode != 0) {
            failure_ = which + " failed (exit code " + std::to_string(child.exitCode) + ")";
        }
    });
}

ProfiledChildRun::~ProfiledChildRun() {
    if (thread_.joinable()) {
        giveGo();
        thread_.join();
    }
    std::error_code ignored;
    std::filesystem::remove(goFile_, ignored);
}

void ProfiledChildRun::giveGo() {
    try {
        results::writeFileAtomically(goFile_, "go\n");  // whole or absent: the child never sees half a go
    } catch (const std::exception&) {
        // The child then waits out its limit and is killed; finish() reports that as its failure.
    }
}

void ProfiledChildRun::onLine(const std::string& line) {
    std::lock_guard lock(mutex_);
    if (live_) {
        handle(line, *live_);
    } else {
        held_.push_back(line);
    }
}

void ProfiledChildRun::handle(const std::string& line, SweepEvents& events) {
    const auto event = results::decodeWorkerEvent(line);
    if (!event) return;
    using T = results::WorkerEventType;
    if (event->type == T::Measurement) {
        rows_.push_back(results::measurementOf(*event));
    } else if (event->type == T::Warning || event->type == T::Error) {
        events.warning("profiled pass: " + event->fields.value("text", ""));
    } else if (event->type == T::Log) {
        events.log("profiled pass: " + event->fields.value("text", ""));
    }
}

std::vector<results::Measurement> ProfiledChildRun::finish(SweepEvents& events) {
    {
        std::lock_guard lock(mutex_);
        for (const auto& line : held_) handle(line, events);
        held_.clear();
        live_ = &events;
    }
    giveGo();
    thread_.join();
    std::lock_guard lock(mutex_);
    live_ = nullptr;
    if (!failure_.empty()) events.warning(failure_);
    return std::move(rows_);
}

}  // namespace graphlens::bench
