#pragma once
// The timed pass's observer: each phase is an NVTX range (Nsight Systems shows the same phases as
// GraphLens) and nothing else, so the timed step never synchronises inside itself.
#include "profiler/PhaseObserver.h"
#include "profiler/NvtxRange.h"
#include "profiler/ScopedPhase.h"

#include <array>
#include <cstddef>
#include <optional>

namespace graphlens::bench {

class NvtxPhases : public profiler::PhaseObserver {
public:
    void begin(const char* phase) override {
        if (depth_ < ranges_.size() && !profiler::crossesThreads(phase)) ranges_[depth_].emplace(phase);
        ++depth_;
    }
    void end(const char*) override {
        if (depth_ == 0) return;
        --depth_;
        if (depth_ < ranges_.size()) ranges_[depth_].reset();
    }

private:
    std::array<std::optional<profiler::NvtxRange>, 8> ranges_;  // fixed: no allocation inside a step
    std::size_t depth_ = 0;
};

}  // namespace graphlens::bench
