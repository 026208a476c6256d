#pragma once
// One profiled window (one arm's profiled steps) from start to metrics, for the engine's profiled
// pass. CUPTI unavailable is not an error: start() returns false, recorder() is null (ScopedPhase then
// emits only NVTX), and stop() returns no metrics with the reason. The caller keeps going.
// These must be called in order: start -> steps inside ScopedPhase(recorder(), "step") -> device
// synchronize -> stop. Timing and profiling never share a process (DESIGN §2): only the profiled pass's
// worker creates a session.
#include "profiler/ActivitySource.h"
#include "profiler/PhaseRecorder.h"
#include "profiler/StepMetrics.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::profiler {

struct ProfileResult {
    std::optional<ProfileMetrics> metrics;  // absent when tracing was not possible
    std::string unavailableReason;          // why metrics is absent; empty otherwise
    std::string recordingNote;              // ProfileSession::recordingNote() of this window
    ActivityBatch batch;                    // raw records, for the trace export
    std::vector<PhaseMark> phases;
};

class ProfileSession {
public:
    explicit ProfileSession(std::unique_ptr<ActivitySource> source, MetricsOptions options = {});
    ~ProfileSession();
    ProfileSession(const ProfileSession&) = delete;
    ProfileSession& operator=(const ProfileSession&) = delete;

    bool start();
    // Null unless a window is open and tracing works.
    PhaseRecorder* recorder() { return active_ ? &recorder_ : nullptr; }
    ProfileResult stop();

    bool isAvailable() const { return source_->isAvailable(); }
    std::string unavailableReason() const;
    // After a successful start(): empty, or one line worth logging on how the source records
    // differently from what was asked (ActivitySource::recordingNote), e.g. a slower fallback.
    std::string recordingNote() const { return recordingNote_; }

private:
    std::unique_ptr<ActivitySource> source_;
    MetricsOptions options_;
    PhaseRecorder recorder_;
    bool active_ = false;
    std::string startFailure_;
    std::string recordingNote_;
};

}  // namespace graphlens::profiler
