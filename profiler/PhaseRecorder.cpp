#include "profiler/PhaseRecorder.h"

namespace graphlens::profiler {

std::size_t PhaseRecorder::begin(std::string name) {
    const uint32_t thread = clock_.currentThreadId();
    const uint64_t now = clock_.timestampNs();
    std::lock_guard lock(mutex_);
    int depth = 0;
    for (const auto& mark : marks_) {
        if (mark.threadId == thread && mark.end == 0) ++depth;
    }
    marks_.push_back(PhaseMark{std::move(name), thread, now, 0, depth});
    return marks_.size() - 1;
}

void PhaseRecorder::end(std::size_t handle) {
    const uint64_t now = clock_.timestampNs();
    std::lock_guard lock(mutex_);
    if (handle < marks_.size() && marks_[handle].end == 0) marks_[handle].end = now;
}

std::vector<PhaseMark> PhaseRecorder::marks() const {
    std::lock_guard lock(mutex_);
    return marks_;
}

void PhaseRecorder::clear() {
    std::lock_guard lock(mutex_);
    marks_.clear();
}

}  // namespace graphlens::profiler
