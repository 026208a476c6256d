#pragma once
// The loss's own backward as a phase of a training step (profiler::kPhaseLossBackward, nested in
// backward): opened when autograd's engine reaches the loss (a hook on the tensor backward starts from,
// run as the engine executes its node), closed by the first gradient that reaches one of the network's
// outputs (a tensor hook, run on autograd's thread just before the network's first backward node), or
// when the watch ends without one. Autograd runs the loss's nodes before the network's (they were
// recorded later), so that moment is where the loss's backward ends.
// Why it opens at the loss's node and not at the backward() call: before it, the engine walks the
// whole graph to count dependencies and hands the work to its device thread. In the eager arm that
// graph holds the network's every node; in the network scope's graphed arm the network is one replay
// node, so that start is shorter there, and the prediction that takes this phase for the graphed arm's
// loss's backward would count it too long.
// Only an observer that records autograd phases (PhaseObserver::marksAutogradPhases, the profiled
// pass) gets it: the hooks are host work, and the timed steps do not pay for them.
#include "profiler/PhaseObserver.h"

#include <torch/types.h>

#include <memory>
#include <vector>

namespace graphlens::train {

class LossBackwardWatch {
public:
    // Watches when `phases` records autograd phases and `root` (what backward is called on) and one
    // of `outputs` need a gradient; the phase opens once backward reaches `root`.
    LossBackwardWatch(const torch::Tensor& root, const std::vector<torch::Tensor>& outputs,
                      profiler::PhaseObserver& phases);
    ~LossBackwardWatch();  // closes the phase if no hook did (backward returned or threw)
    LossBackwardWatch(const LossBackwardWatch&) = delete;
    LossBackwardWatch& operator=(const LossBackwardWatch&) = delete;

private:
    struct State {
        bool opened = false;  // once: a root reached again (a retained graph) does not reopen it
        bool open = false;
        profiler::PhaseObserver* phases = nullptr;
    };
    std::shared_ptr<State> state_;  // shared with the hooks, which may outlive the watch; null: nothing watched
};

}  // namespace graphlens::train
