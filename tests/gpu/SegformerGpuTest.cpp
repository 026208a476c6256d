// segformer-b0's whole training step as one CUDA graph, in training mode: stochastic depth draws from
// the device generator, so two consecutive replays on the same batch and unchanged weights (learning
// rate 0) drop different paths, while the same network without stochastic depth and dropout replays
// bit-identical losses (the control that pins the difference on the draws); and a seeded eager step and
// a seeded graphed step agree bit for bit at step 0 (the training parity check, both scopes).
#include "families/FamilyRegistry.h"
#include "GpuDevice.h"
#include "families/segformer/Segformer.h"
#include "graphs/ModuleForward.h"
#include "train/GradientScaler.h"
#include "train/OptimizerFactory.h"
#include "train/TrainingParity.h"
#include "train/TrainingStep.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <iostream>
#include <vector>

using namespace graphlens;
using families::TrainingGraphScope;

namespace {

using graphlens::testing::kGpu;

// segformer-b0 for the built-in dataset (6 labels), with the given stochastic-depth and dropout rates.
families::Family segformerWith(double dropPath, double dropout) {
    auto family = families::FamilyRegistry::builtIn().find("segformer-b0")->withDatasetClasses(5);
    family.build = [dropPath, dropout](std::uint64_t seed) {
        torch::manual_seed(seed);
        families::segformer::SegformerConfig config;
        config.dropPathRate = dropPath;
        config.classifierDropout = dropout;
        return torch::nn::AnyModule(families::segformer::Segformer(6, config));
    };
    return family;
}

struct Step {
    double loss = 0;
    bool replayed = false;
};

// Step-scope steps on one batch with the learning rate at 0: the weights never move, so a replay's
// loss differs from the previous one only through its random draws.
std::vector<Step> stepsOnOneBatch(const families::Family& family, int steps) {
    auto network = family.build(0);
    auto module = network.ptr();
    module->to(kGpu);
    module->train();
    auto optimizer = train::makeCapturableOptimizer("adamw", module->parameters());
    optimizer->setLearningRate(0.0);
    train::GradientScalerOptions scalerOptions;
    scalerOptions.enabled = false;  // fp32
    train::GradientScaler scaler(kGpu, scalerOptions);
    train::TrainingStepOptions options;
    options.graphScope = TrainingGraphScope::Step;
    std::string warning;
    options.warn = [&warning](const std::string& line) { warning = line; };
    train::TrainingStep step(module, graphs::forwardOf(network), family, *optimizer, scaler, options);
    torch::manual_seed(3);
    const auto images = torch::randn({4, 3, 64, 64}).to(kGpu);
    families::TrainingLabels labels;
    labels.masks = torch::randint(0, 6, {4, 64, 64}, torch::kLong).to(kGpu);
    const auto targets = family.trainingTargets(labels, 4, 64);
    std::vector<Step> out;
    for (int i = 0; i < steps; ++i) {
        const auto result = step.run(images, targets);
        out.push_back({result.loss.item<double>(), result.replayed});
    }
    INFO(step.describeGraphs() << " " << warning);
    CHECK(warning.empty());
    CHECK(step.scope() == TrainingGraphScope::Step);
    return out;
}

// The losses of the replayed steps, in order.
std::vector<double> replayedLosses(const std::vector<Step>& steps) {
    std::vector<double> losses;
    for (const auto& s : steps) {
        if (s.replayed) losses.push_back(s.loss);
    }
    return losses;
}

}  // namespace

TEST_CASE("segformer-b0's whole-step graph: consecutive replays drop different stochastic-depth paths", "[cuda][train][segformer]") {
    const auto withDraws = replayedLosses(stepsOnOneBatch(segformerWith(/*dropPath=*/0.1, /*dropout=*/0.0), 8));
    const auto without = replayedLosses(stepsOnOneBatch(segformerWith(/*dropPath=*/0.0, /*dropout=*/0.0), 8));
    REQUIRE(withDraws.size() >= 3);
    REQUIRE(without.size() >= 3);
    std::cout << "[segformer] replayed losses with drop_path 0.1:";
    for (const double loss : withDraws) std::cout << " " << loss;
    std::cout << "\n[segformer] replayed losses without:";
    for (const double loss : without) std::cout << " " << loss;
    std::cout << "\n";
    for (std::size_t i = 1; i < withDraws.size(); ++i) {
        CAPTURE(i);
        CHECK(withDraws[i] != withDraws[i - 1]);  // new paths dropped at every replay
        // Nothing random: the same loss up to float rounding. Not bit for bit: on the H200 (2026-12-02) one run
        // of six replays on one batch at lr 0 gave 1.7968251705 then 1.7968250513, another run identical losses.
        CHECK(without[i] == Approx(without[i - 1]).epsilon(1e-6));
    }
}

TEST_CASE("segformer-b0: a seeded eager step and a seeded graphed step agree at step 0, both scopes", "[cuda][train][segformer]") {
    const auto family = families::FamilyRegistry::builtIn().find("segformer-b0")->withDatasetClasses(5);
    for (const auto scope : {TrainingGraphScope::Network, TrainingGraphScope::Step}) {
        train::TrainingParityOptions options;
        options.scope = scope;
        options.optimizer = "adamw";
        options.device = kGpu;
        options.imgsz = 64;
        const auto result = train::checkTrainingParity(family, options);
        CAPTURE(result.scope, result.error);
        std::cout << "[segformer] " << result.scope << " scope: step-0 loss eager " << result.lossZeroEager << ", graphed "
                  << result.lossZeroGraphed << ", replayed " << result.replayed << " of " << result.steps << " -> "
                  << train::toString(result.overall()) << "\n";
        CHECK(result.error.empty());
        CHECK(result.lossZeroIdentical);
        CHECK(result.replayed >= 3);
        // Its backward is not bit-reproducible on the GPU (eager runs differ after step 1): classed against
        // twice eager's own spread.
        CHECK(result.acceptable());
    }
}
