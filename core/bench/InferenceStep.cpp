#include "bench/InferenceStep.h"

#include "graphs/GraphCaptureError.h"
#include "profiler/ScopedPhase.h"

#include <stdexcept>
#include <string>

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

// Scope network times the forward alone: the batch is already on the device.
void InferenceStep::runData(profiler::PhaseObserver& observer) {
    if (scope_ != StepScope::Step) return;
    profiler::StepPhase phase(observer, profiler::kPhaseData);
    deviceBatch_.copy_(hostBatch_, /*non_blocking=*/true);
}

void InferenceStep::run(Arm arm, profiler::PhaseObserver& observer) {
    if (arm == Arm::Graphed && !graphed_) throw std::logic_error("graphed step without a graph runner");
    runData(observer);
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

void InferenceStep::prepareGraphed() {
    if (graphed_ && graphed_->mode() == graphs::GraphMode::On) graphed_->captureFor(deviceBatch_);
}

namespace {

// The first failed capture of the graphed runner, or empty. (A capture that throws reaches the
// procedure as GraphCaptureError with its out-of-memory flag; this is the record it leaves.)
std::string captureFailureOf(const graphs::GraphRunnerInfo& info) {
    return info.failedCaptures.empty() ? std::string() : info.failedCaptures.front().message;
}

}  // namespace

void InferenceStep::requireReplaying() const {
    if (!graphed_) throw std::logic_error("graphed step without a graph runner");
    const auto failure = captureFailureOf(graphed_->info());
    if (!failure.empty()) throw graphs::GraphCaptureError("graph capture failed: " + failure);
    if (!graphed_->hasGraph(deviceBatch_)) throw std::runtime_error("no graph was captured during the graphed warm-up");
}

GraphedArmFigures InferenceStep::graphedFigures() const {
    if (!graphed_) throw std::logic_error("graphed step without a graph runner");
    const auto info = graphed_->info();
    if (const auto failure = captureFailureOf(info); !failure.empty()) {
        throw graphs::GraphCaptureError("graphs turned off: " + failure);
    }
    GraphedArmFigures figures;
    for (const auto& graph : info.graphs) {
        figures.replays += static_cast<double>(graph.replays);
        figures.captureMs += graph.captureMs;
        figures.poolBytes += static_cast<double>(graph.poolBytes);
    }
    figures.eagerFallbacks = static_cast<double>(info.autoWarmupRuns + info.eagerFallbacks);
    return figures;
}

}  // namespace graphlens::bench
