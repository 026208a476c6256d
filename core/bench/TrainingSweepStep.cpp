#include "bench/TrainingSweepStep.h"

#include "families/InputNormalisation.h"
#include "graphs/GraphCaptureError.h"
#include "profiler/ScopedPhase.h"

#include <stdexcept>

namespace graphlens::bench {

TrainingSweepStep::TrainingSweepStep(train::TrainingStep& eager, train::TrainingStep* graphed,
                                     const families::Family& family, HostTrainingBatch host, torch::Device device)
    : eager_(eager), graphed_(graphed), family_(family), host_(std::move(host)) {
    device_.images = torch::empty_like(host_.images, torch::TensorOptions().device(device).pinned_memory(false));
    device_.classes = torch::empty_like(host_.classes, torch::TensorOptions().device(device).pinned_memory(false));
    device_.boxes = torch::empty_like(host_.boxes, torch::TensorOptions().device(device).pinned_memory(false));
    if (host_.masks.defined()) device_.masks = torch::empty_like(host_.masks, torch::TensorOptions().device(device).pinned_memory(false));
}

TrainingSweepStep::DeviceInputs TrainingSweepStep::upload(profiler::PhaseObserver& observer) {
    profiler::StepPhase phase(observer, profiler::kPhaseData);
    device_.images.copy_(host_.images, /*non_blocking=*/true);
    device_.classes.copy_(host_.classes, /*non_blocking=*/true);
    device_.boxes.copy_(host_.boxes, /*non_blocking=*/true);
    DeviceInputs inputs;
    inputs.images = families::normaliseImages(device_.images, family_.task);
    families::TrainingLabels labels{device_.classes, device_.boxes};
    if (device_.masks.defined()) {
        device_.masks.copy_(host_.masks, /*non_blocking=*/true);
        labels.masks = device_.masks;  // segformer's targets take it to int64
    }
    inputs.targets = family_.trainingTargets(labels, inputs.images.size(0), static_cast<int>(inputs.images.size(2)));
    return inputs;
}

void TrainingSweepStep::run(Arm arm, profiler::PhaseObserver& observer) {
    if (arm == Arm::Graphed && !graphed_) throw std::logic_error("graphed training step without a graphed arm");
    const auto inputs = upload(observer);
    (void)(arm == Arm::Eager ? eager_ : *graphed_).run(inputs.images, inputs.targets, &observer);
}

void TrainingSweepStep::requireReplaying() const {
    if (!graphed_) throw std::logic_error("graphed training step without a graphed arm");
    const auto& summary = graphed_->summary();
    if (!summary.failure.empty()) {
        throw graphs::GraphCaptureError("graph capture failed: " + summary.failure, summary.failureOutOfMemory);
    }
    if (summary.captures == 0) {
        throw std::runtime_error("no graph was captured during the graphed warm-up (" + graphed_->describeGraphs() + ")");
    }
}

GraphedArmFigures TrainingSweepStep::graphedFigures() const {
    if (!graphed_) throw std::logic_error("graphed training step without a graphed arm");
    const auto& summary = graphed_->summary();
    if (!summary.failure.empty()) {
        throw graphs::GraphCaptureError("graphs turned off: " + summary.failure, summary.failureOutOfMemory);
    }
    GraphedArmFigures figures;
    figures.replays = static_cast<double>(summary.replayed);
    figures.poolBytes = static_cast<double>(summary.poolBytes);
    figures.captureMs = summary.captureMs;
    figures.eagerFallbacks = static_cast<double>(summary.eagerBeforeCapture + summary.eagerNotReady +
                                                 summary.eagerOtherShapes + summary.eagerAfterFailure);
    return figures;
}

}  // namespace graphlens::bench
