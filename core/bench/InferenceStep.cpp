#include "bench/InferenceStep.h"

#include "profiler/ScopedPhase.h"

#include <stdexcept>

namespace graphlens::bench {

StepScope stepScopeOf(const std::string& name) {
    if (name == "step") return StepScope::Step;
    if (name == "network") return StepScope::Network;
    throw std::invalid_argument("scope '" + name + "' is not one of step, network");
}

InferenceStep::InferenceStep(graphs::GraphRunner& eager, graphs::GraphRunner* graphed,
                             std::function<c10::IValue(const c10::IValue&)> postprocess, StepScope scope,
                             torch::Tensor hostBatch, torch::Tensor deviceBatch)
    : eager_(eager), graphed_(graphed), postprocess_(std::move(postprocess)), scope_(scope),
      hostBatch_(std::move(hostBatch)), deviceBatch_(std::move(deviceBatch)) {}

void InferenceStep::run(Arm arm, profiler::PhaseObserver& observer) {
    if (arm == Arm::Graphed && !graphed_) throw std::logic_error("graphed step without a graph runner");
    if (scope_ == StepScope::Step) {
        profiler::StepPhase phase(observer, profiler::kPhaseData);
        deviceBatch_.copy_(hostBatch_, /*non_blocking=*/true);
    }
    c10::IValue output;
    {
        profiler::StepPhase phase(observer, profiler::kPhaseForward);
        // Static buffers: the postprocess reads them before the next replay can overwrite them.
        output = arm == Arm::Eager ? eager_.runEager(deviceBatch_) : graphed_->runReturningStaticBuffers(deviceBatch_);
    }
    if (hasPostprocess()) {
        profiler::StepPhase phase(observer, profiler::kPhasePostprocess);
        (void)postprocess_(output);
    }
}

}  // namespace graphlens::bench
