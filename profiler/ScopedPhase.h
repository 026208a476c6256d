#pragma once
// One phase of a step, seen by both Nsight Systems (an NVTX range) and GraphLens's own metrics (a
// PhaseRecorder mark on CUPTI's clock). With a null recorder (the timed pass) it is only the NVTX
// range, which compiles to nothing when NVTX is off.
#include "profiler/NvtxRange.h"
#include "profiler/PhaseRecorder.h"

#include <cstddef>
#include <optional>
#include <string_view>

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
// Inside backward of a training step (not split at a seam), in the profiled pass only: from the moment
// autograd's engine reaches the loss to the first gradient reaching the network's output, i.e. the
// loss's own backward. The loss phase's host time holds label assignment, which has no backward, so
// it cannot stand for it.
inline constexpr const char* kPhaseLossBackward = "loss_backward";

// The phases an autograd hook opens or closes, on autograd's thread (a CUDA backward runs there),
// while the step's own thread may do the other end (it closes captured_backward's phase, and
// loss_backward's when no gradient reached the network). NVTX ranges nest per thread, so a push on
// one and a pop on the other would unbalance both: these get no NVTX range. Their PhaseRecorder marks are
// closed by handle, so GraphLens's own figures are exact.
inline bool crossesThreads(const char* name) {
    const std::string_view phase(name);
    return phase == kPhaseLossBackward || phase == kPhaseCapturedBackward;
}

class ScopedPhase {
public:
    ScopedPhase(PhaseRecorder* recorder, const char* name)
        : recorder_(recorder), handle_(recorder ? recorder->begin(name) : 0) {
        if (!crossesThreads(name)) nvtx_.emplace(name);
    }
    ~ScopedPhase() {
        if (recorder_) recorder_->end(handle_);
    }
    ScopedPhase(const ScopedPhase&) = delete;
    ScopedPhase& operator=(const ScopedPhase&) = delete;

private:
    std::optional<NvtxRange> nvtx_;
    PhaseRecorder* recorder_;
    std::size_t handle_;
};

}  // namespace graphlens::profiler
