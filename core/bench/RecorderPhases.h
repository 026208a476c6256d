#pragma once
// The profiled pass's phase observer: each phase is a PhaseRecorder mark on CUPTI's clock (and an
// NVTX range), so kernels and copies are attributed to the phase whose host interval launched them.
#include "profiler/PhaseObserver.h"
#include "profiler/ProfileSession.h"
#include "profiler/ScopedPhase.h"

#include <array>
#include <cstddef>
#include <optional>

namespace graphlens::bench {

class RecorderPhases : public profiler::PhaseObserver {
public:
    explicit RecorderPhases(profiler::PhaseRecorder* recorder) : recorder_(recorder) {}
    void begin(const char* phase) override {
        if (depth_ < open_.size()) open_[depth_].emplace(recorder_, phase);
        ++depth_;
    }
    void end(const char*) override {
        if (depth_ == 0) return;
        --depth_;
        if (depth_ < open_.size()) open_[depth_].reset();
    }
    bool marksAutogradPhases() const override { return true; }

private:
    profiler::PhaseRecorder* recorder_;
    std::array<std::optional<profiler::ScopedPhase>, 8> open_;  // fixed: no allocation inside a step
    std::size_t depth_ = 0;
};

}  // namespace graphlens::bench
