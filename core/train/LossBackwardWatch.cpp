#include "train/LossBackwardWatch.h"

#include "profiler/ScopedPhase.h"

namespace graphlens::train {

LossBackwardWatch::LossBackwardWatch(const torch::Tensor& root, const std::vector<torch::Tensor>& outputs,
                                     profiler::PhaseObserver& phases) {
    if (!phases.marksAutogradPhases()) return;  // every timed step comes here: nothing allocated for it
    if (!root.defined() || !root.requires_grad()) return;
    std::vector<torch::Tensor> watched;
    for (const auto& output : outputs) {
        if (output.defined() && output.requires_grad()) watched.push_back(output);
    }
    if (watched.empty()) return;
    state_ = std::make_shared<State>();
    state_->phases = &phases;
    // The hooks hold the state, not the watch: one that runs after the watch ended does nothing.
    // Registered before the outputs' hooks, so a root that is itself an output opens before it closes.
    root.register_hook([state = state_](const torch::Tensor&) {
        if (state->opened) return;
        state->opened = state->open = true;
        state->phases->begin(profiler::kPhaseLossBackward);
    });
    for (auto& output : watched) {
        output.register_hook([state = state_](const torch::Tensor&) {
            if (!state->open) return;
            state->open = false;
            state->phases->end(profiler::kPhaseLossBackward);
        });
    }
}

LossBackwardWatch::~LossBackwardWatch() {
    if (!state_) return;
    state_->opened = true;  // a backward after the watch ended opens nothing
    if (!state_->open) return;
    state_->open = false;
    state_->phases->end(profiler::kPhaseLossBackward);
}

}  // namespace graphlens::train
