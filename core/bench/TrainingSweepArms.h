#pragma once
// One network, optimizer and scaler trained by both arms of a training row pair (eager, and graphed
// in one scope), built the way a training run builds them. Shared by the timed training sweep and
// its profiled pass, so both time the very same step.
#include "bench/GraphedArmVerdict.h"
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "results/SweepPlan.h"
#include "train/GradientScaler.h"
#include "train/OptimizerFactory.h"
#include "train/TrainingPrecision.h"
#include "train/TrainingStep.h"

#include <torch/types.h>

#include <functional>
#include <memory>
#include <string>

namespace graphlens::bench {

struct TrainingSweepArms {
    TrainingSweepArms() = default;
    TrainingSweepArms(TrainingSweepArms&&) = default;
    TrainingSweepArms& operator=(TrainingSweepArms&&) = default;
    // Drops the network's gradients: they may live in a graph's private pool, which must be free
    // before the next pair (the network itself may be reused: TrainingNetworkSource).
    ~TrainingSweepArms();

    torch::nn::AnyModule network;
    std::shared_ptr<torch::nn::Module> module;
    std::unique_ptr<train::CapturableOptimizer> optimizer;
    std::unique_ptr<train::GradientScaler> scaler;
    std::unique_ptr<train::TrainingStep> eager, graphed;  // graphed null unless asked for
};

// The arms on `network` (TrainingNetworkSource::fresh: on the device, train mode, no gradients) with
// the plan's optimizer and precision; the graphed step in `scope`, captured on the sighting a training
// run captures on. Throws what building the optimizer throws.
TrainingSweepArms buildTrainingSweepArms(const families::Family& family, torch::nn::AnyModule network,
                                         const results::SweepPlan& plan,
                                         train::TrainingPrecision precision, families::TrainingGraphScope scope,
                                         bool withGraphed, torch::Device device,
                                         std::shared_ptr<graphs::CaptureBackend> backend,
                                         std::function<void(const std::string&)> warn);

// "network" | "step" as a scope.
families::TrainingGraphScope trainingScopeOf(const std::string& name);
// Why the family does not declare `scope` for training; empty when it does.
std::string trainingScopeRefusal(const families::Family& family, families::TrainingGraphScope scope);
// A training pair's graphed arm in `scope`: skipped without graphs, refused when the family does not
// declare the scope (GraphedArmVerdict.h).
GraphedArmVerdict decideTrainingGraphedArm(const families::Family& family, families::TrainingGraphScope scope,
                                           bool graphsPossible);
// Graphed warm-up steps that cover the capture (a training run captures on a shape's third sighting).
int graphedTrainingWarmup(const results::SweepPlan& plan);

}  // namespace graphlens::bench
