#include "bench/TrainingSweepArms.h"

#include "graphs/ModuleForward.h"

#include <algorithm>

namespace graphlens::bench {

TrainingSweepArms::~TrainingSweepArms() {
    if (!module) return;
    for (auto& parameter : module->parameters(/*recurse=*/true)) parameter.mutable_grad() = torch::Tensor();
}

TrainingSweepArms buildTrainingSweepArms(const families::Family& family, torch::nn::AnyModule network,
                                         const results::SweepPlan& plan,
                                         train::TrainingPrecision precision, families::TrainingGraphScope scope,
                                         bool withGraphed, torch::Device device,
                                         std::shared_ptr<graphs::CaptureBackend> backend,
                                         std::function<void(const std::string&)> warn) {
    TrainingSweepArms arms;
    arms.network = std::move(network);
    arms.module = arms.network.ptr();
    arms.optimizer = train::makeCapturableOptimizer(plan.optimizer, arms.module->parameters());
    train::GradientScalerOptions scalerOptions;
    scalerOptions.enabled = train::needsLossScaling(precision);
    arms.scaler = std::make_unique<train::GradientScaler>(device, scalerOptions);
    const auto forward = graphs::forwardOf(arms.network);
    train::TrainingStepOptions eagerOptions;
    eagerOptions.precision = precision;
    eagerOptions.backend = std::move(backend);
    eagerOptions.warn = std::move(warn);
    eagerOptions.seam = families::trainingSeamOf(family, arms.network);
    auto graphedOptions = eagerOptions;
    eagerOptions.graphScope = families::TrainingGraphScope::None;
    graphedOptions.graphScope = scope;
    arms.eager = std::make_unique<train::TrainingStep>(arms.module, forward, family, *arms.optimizer, *arms.scaler,
                                                       eagerOptions);
    if (withGraphed) {
        arms.graphed = std::make_unique<train::TrainingStep>(arms.module, forward, family, *arms.optimizer,
                                                             *arms.scaler, graphedOptions);
    }
    return arms;
}

families::TrainingGraphScope trainingScopeOf(const std::string& name) {
    return name == "step" ? families::TrainingGraphScope::Step : families::TrainingGraphScope::Network;
}

std::string trainingScopeRefusal(const families::Family& family, families::TrainingGraphScope scope) {
    if (family.training.supports(scope)) return {};
    const std::string name = families::toString(scope);
    if (scope == families::TrainingGraphScope::Network && !family.training.networkRefused.empty()) {
        return "training graph scope network refused for " + family.name + ": " + family.training.networkRefused;
    }
    return "training graph scope " + name + " refused for " + family.name + " (declared: " +
           families::toString(family.training.widest) +
           (family.training.reason.empty() ? "" : "; " + family.training.reason) + ")";
}

GraphedArmVerdict decideTrainingGraphedArm(const families::Family& family, families::TrainingGraphScope scope,
                                           bool graphsPossible) {
    if (!graphsPossible) return graphedArmWithoutCuda();
    const auto refusal = trainingScopeRefusal(family, scope);
    if (!refusal.empty()) return graphedArmNotRun("refused", refusal);
    GraphedArmVerdict verdict;
    verdict.runs = true;
    return verdict;
}

int graphedTrainingWarmup(const results::SweepPlan& plan) {
    return std::max(plan.warmup, train::TrainingStepOptions{}.captureOnSighting + 1);
}

}  // namespace graphlens::bench
