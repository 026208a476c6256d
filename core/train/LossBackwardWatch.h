#pragma once
// The loss's own backward as a phase of a training step (profiler::kPhaseLossBackward, nested in
// backward): opened as backward starts, closed by the first gradient that reaches one of the
// network's outputs (a tensor hook, run on autograd's thread just before the network's first backward
// node), or when backward returns without one. Autograd runs the loss's nodes before the network's
// (they were recorded later), so that moment is where the loss's backward ends. Only an observer that
// records autograd phases (PhaseObserver::marksAutogradPhases, the profiled pass) gets it: the hooks
// are host work, and the timed steps do not pay for them.
#include "profiler/PhaseObserver.h"

#include <torch/types.h>

#include <memory>
#include <vector>

namespace graphlens::train {

class LossBackwardWatch {
public:
    // Opens the phase when `phases` records autograd phases and one of `outputs` needs a gradient.
    LossBackwardWatch(const std::vector<torch::Tensor>& outputs, profiler::PhaseObserver& phases);
    ~LossBackwardWatch();  // closes the phase if no hook did (backward returned or threw)
    LossBackwardWatch(const LossBackwardWatch&) = delete;
    LossBackwardWatch& operator=(const LossBackwardWatch&) = delete;

private:
    struct State {
        bool open = false;
        profiler::PhaseObserver* phases = nullptr;
    };
    std::shared_ptr<State> state_;  // shared with the hooks, which may outlive the watch; null: nothing watched
};

}  // namespace graphlens::train
