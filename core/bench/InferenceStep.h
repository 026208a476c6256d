#pragma once
// The inference step a user runs (DESIGN §3), shared by the timed, phase and profiled passes:
//   data        the batch, in pinned host memory, copied to the device (non-blocking)
//   forward     the network: eager in the eager arm; the graph runner's replay in the graphed arm
//               (a seam family: captured part replayed, rest eager)
//   postprocess the family's own (top-5, centroid decode, NMS), eager in both arms
// Scope `network` keeps the forward alone. Both arms read the same real batch every step.
#include "bench/TimedStep.h"
#include "graphs/GraphRunner.h"

#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <functional>
#include <string>

namespace graphlens::bench {

enum class StepScope { Step, Network };
StepScope stepScopeOf(const std::string& name);  // "step" | "network"; throws std::invalid_argument

class InferenceStep final : public TimedStep {
public:
    // `eager` runs the eager arm (its runEager: a whole network, or a seam's two parts); `graphed`
    // may be null when the graphed arm is not run. `hostBatch` is the decoded batch (pinned when
    // on CUDA); `deviceBatch` has its shape, dtype and memory format on the device.
    InferenceStep(graphs::GraphRunner& eager, graphs::GraphRunner* graphed,
                  std::function<c10::IValue(const c10::IValue&)> postprocess, StepScope scope,
                  torch::Tensor hostBatch, torch::Tensor deviceBatch);

    void run(Arm arm, profiler::PhaseObserver& observer) override;
    void runData(profiler::PhaseObserver& observer) override;
    bool hasGraphedArm() const override { return graphed_ != nullptr; }
    // Mode on captures this batch's shape here; mode auto captures on the threshold's sighting,
    // inside the graphed warm-up.
    void prepareGraphed() override;
    void requireReplaying() const override;
    GraphedArmFigures graphedFigures() const override;

    // True when the step has a postprocess phase (scope step and a family that has one).
    bool hasPostprocess() const { return scope_ == StepScope::Step && static_cast<bool>(postprocess_); }
    const torch::Tensor& deviceBatch() const { return deviceBatch_; }

private:
    graphs::GraphRunner& eager_;
    graphs::GraphRunner* graphed_;
    std::function<c10::IValue(const c10::IValue&)> postprocess_;
    StepScope scope_;
    torch::Tensor hostBatch_;
    torch::Tensor deviceBatch_;
};

}  // namespace graphlens::bench
