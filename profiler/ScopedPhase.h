#pragma once
// One phase of a step, seen by both Nsight Systems (an NVTX range) and GraphLens's own metrics (a
// PhaseRecorder mark on CUPTI's clock). With a null recorder (the timed pass) it is only the NVTX
// range, which compiles to nothing when NVTX is off.
#include "profiler/NvtxRange.h"
#include "profiler/PhaseRecorder.h"

#include <cstddef>

namespace graphlens::profiler {

// The phase names the metrics know (DESIGN §4); others are recorded and reported all the same.
inline constexpr const char* kPhaseStep = "step";
inline constexpr const char* kPhaseData = "data";
inline constexpr const char* kPhaseForward = "forward";
inline constexpr const char* kPhaseLoss = "loss";
inline constexpr const char* kPhaseBackward = "backward";
inline constexpr const char* kPhaseOptimizer = "optimizer";
inline constexpr const char* kPhasePostprocess = "postprocess";
// A training step replayed as one graph (scope `step`): forward, loss, backward and optimizer
// run inside it and cannot be told apart by the host.
inline constexpr const char* kPhaseReplay = "replay";
// Inside forward and backward of a training step split at a seam: the captured part's share (the part
// `network` scope graphs); the rest of forward and backward is the eager remainder.
inline constexpr const char* kPhaseCapturedForward = "captured_forward";
inline constexpr const char* kPhaseCapturedBackward = "captured_backward";

class ScopedPhase {
public:
    ScopedPhase(PhaseRecorder* recorder, const char* name)
        : nvtx_(name), recorder_(recorder), handle_(recorder ? recorder->begin(name) : 0) {}
    ~ScopedPhase() {
        if (recorder_) recorder_->end(handle_);
    }
    ScopedPhase(const ScopedPhase&) = delete;
    ScopedPhase& operator=(const ScopedPhase&) = delete;

private:
    NvtxRange nvtx_;
    PhaseRecorder* recorder_;
    std::size_t handle_;
};

}  // namespace graphlens::profiler
