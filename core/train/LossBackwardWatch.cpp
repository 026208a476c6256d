#include "train/LossBackwardWatch.h"

#include "profiler/ScopedPhase.h"

namespace graphlens::train {

LossBackwardWatch::LossBackwardWatch(const std::vector<torch::Tensor>& outputs, profiler::PhaseObserver& phases) {
    if (!phases.marksAutogradPhases()) return;  // every timed step comes here: nothing allocated for it
    std::vector<torch::Tensor> watched;
    for (const auto& output : outputs) {
        if (output.defined() && output.requires_grad()) watched.push_back(output);
    }
    if (watched.empty()) return;
    state_ = std::make_shared<State>();
    state_->phases = &phases;
    state_->open = true;
    phases.begin(profiler::kPhaseLossBackward);
    for (auto& output : watched) {
        // Holds the state, not the watch: a hook that runs after the watch closed the phase does nothing.
        output.register_hook([state = state_](const torch::Tensor&) {
            if (!state->open) return;
            state->open = false;
            state->phases->end(profiler::kPhaseLossBackward);
        });
    }
}

LossBackwardWatch::~LossBackwardWatch() {
    if (!state_ || !state_->open) return;
    state_->open = false;
    state_->phases->end(profiler::kPhaseLossBackward);
}

}  // namespace graphlens::train
