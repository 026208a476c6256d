#include "profiler/ProfileSession.h"

namespace graphlens::profiler {

ProfileSession::ProfileSession(std::unique_ptr<ActivitySource> source, MetricsOptions options)
    : source_(std::move(source)), options_(std::move(options)), recorder_(*source_) {}

ProfileSession::~ProfileSession() {
    if (active_) source_->stop();
}

bool ProfileSession::start() {
    recorder_.clear();
    startFailure_.clear();
    recordingNote_.clear();
    if (!source_->isAvailable()) return false;
    active_ = source_->start();
    if (active_) {
        recordingNote_ = source_->recordingNote();
    } else {
        startFailure_ = source_->unavailableReason();
    }
    return active_;
}

ProfileResult ProfileSession::stop() {
    ProfileResult result;
    if (!active_) {
        result.unavailableReason = unavailableReason();
        if (result.unavailableReason.empty()) result.unavailableReason = "profiling was not started";
        return result;
    }
    source_->stop();
    active_ = false;
    result.recordingNote = recordingNote_;
    result.batch = source_->flush();
    result.phases = recorder_.marks();
    result.metrics = computeMetrics(result.batch, result.phases, options_);
    return result;
}

std::string ProfileSession::unavailableReason() const {
    if (!startFailure_.empty()) return startFailure_;
    return source_->isAvailable() ? std::string{} : source_->unavailableReason();
}

}  // namespace graphlens::profiler
