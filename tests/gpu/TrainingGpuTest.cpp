// Graphed training on the GPU: both scopes against eager from one seeded state (step-0 loss,
// losses, parameters and BatchNorm buffers after 6 steps, compared bit for bit; the report names
// the numerics class), gradient accumulation g0 + g1 across replays with undefined .grad, random
// numbers inside a graph (consecutive replays differ; seeded eager == seeded graphed), and the
// fallbacks of a real run (injected failure mid-run, multi-scale beyond the cap) with the loader's
// pinned-memory threads running while graphs are captured.
#include "families/FamilyRegistry.h"
#include "graphs/CaptureBackend.h"
#include "graphs/GraphedNetwork.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"
#include "train/CapturableAdamW.h"
#include "train/CapturableSgd.h"
#include "train/GradientScaler.h"
#include "train/Trainer.h"
#include "train/TrainingStep.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <filesystem>
#include <iostream>
#include <sstream>

using namespace graphlens;
using families::TrainingGraphScope;

namespace {

const torch::Device kGpu(torch::kCUDA, 0);

struct TrainedState {
    std::vector<torch::Tensor> parameters, buffers;
    std::vector<double> losses;
    train::TrainingGraphSummary summary;
};

// Trains `family` for `steps` steps on fixed seeded batches from the same seeded weights.
TrainedState trainFamily(const std::string& name, TrainingGraphScope scope, train::TrainingPrecision precision,
                         const std::string& optimizerName, int steps, int batch, int imgsz) {
    const auto& family = *families::FamilyRegistry::builtIn().find(name);
    auto network = family.build(/*seed=*/11);
    auto module = network.ptr();
    module->to(kGpu);
    module->train();
    std::unique_ptr<train::CapturableOptimizer> optimizer;
    if (optimizerName == "sgd") {
        optimizer = std::make_unique<train::CapturableSgd>(module->parameters(), train::SgdOptions{});
    } else {
        optimizer = std::make_unique<train::CapturableAdamW>(module->parameters(), train::AdamWOptions{});
    }
    train::GradientScalerOptions scalerOptions;
    scalerOptions.enabled = train::needsLossScaling(precision);
    train::GradientScaler scaler(kGpu, scalerOptions);
    train::TrainingStepOptions options;
    options.graphScope = scope;
    options.precision = precision;
    train::TrainingStep step(module, graphs::forwardOf(network), family, *optimizer, scaler, options);
    torch::manual_seed(5);
    std::vector<std::pair<torch::Tensor, torch::Tensor>> data;
    for (int i = 0; i < steps; ++i) {
        auto images = torch::randn({batch, 3, imgsz, imgsz}).to(kGpu);
        families::TrainingLabels labels;
        labels.classes = torch::randint(0, 5, {batch}, torch::kLong).to(kGpu);
        auto boxes = torch::rand({batch * 2, 6});
        boxes.select(1, 0) = torch::arange(batch * 2) % batch;
        boxes.select(1, 1) = torch::randint(0, 5, {batch * 2}).to(torch::kFloat);
        labels.boxes = boxes.to(kGpu);
        data.emplace_back(images, family.trainingTargets(labels, batch, imgsz));
    }
    torch::manual_seed(9);  // dropout and stochastic depth draw from here in every arm
    TrainedState state;
    for (const auto& [images, targets] : data) state.losses.push_back(step.run(images, targets).loss.item<double>());
    for (const auto& p : module->parameters()) state.parameters.push_back(p.detach().clone());
    for (const auto& b : module->buffers()) state.buffers.push_back(b.clone());
    state.summary = step.summary();
    return state;
}

double maxDifference(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!graphs::bitEqual(a[i], b[i])) {
            worst = std::max(worst, (a[i].to(torch::kDouble) - b[i].to(torch::kDouble)).abs().max().item<double>());
            if (worst == 0) worst = 1e-300;  // bits differ (e.g. -0 vs +0) where values do not
        }
    }
    return worst;
}

}  // namespace

TEST_CASE("graphed training (network and step scope) equals eager training bit for bit", "[cuda][train]") {
    struct Case {
        const char* family;
        train::TrainingPrecision precision;
        const char* optimizer;
        int imgsz;
    };
    const Case cases[] = {
        {"resnet18", train::TrainingPrecision::Fp32, "sgd", 64},
        {"resnet18", train::TrainingPrecision::AmpFp16, "adamw", 64},
        {"resnet18", train::TrainingPrecision::AmpBf16, "sgd", 64},
        {"mobilenetv3-s", train::TrainingPrecision::AmpFp16, "adamw", 64},  // dropout inside the graph
        {"fomo-s", train::TrainingPrecision::AmpFp16, "sgd", 96},
    };
    for (const auto& c : cases) {
        for (const auto scope : {TrainingGraphScope::Network, TrainingGraphScope::Step}) {
            const std::string label = std::string(c.family) + " " + train::toString(c.precision) + " " + c.optimizer + " " +
                                      families::toString(scope) + " scope";
            CAPTURE(label);
            const auto eager = trainFamily(c.family, TrainingGraphScope::None, c.precision, c.optimizer, 6, 8, c.imgsz);
            const auto eagerAgain = trainFamily(c.family, TrainingGraphScope::None, c.precision, c.optimizer, 6, 8, c.imgsz);
            const auto graphed = trainFamily(c.family, scope, c.precision, c.optimizer, 6, 8, c.imgsz);
            const double eagerNoise = maxDifference(eager.parameters, eagerAgain.parameters);
            const double graphedDiff = maxDifference(eager.parameters, graphed.parameters);
            std::cout << "[train] " << label << ": step-0 loss eager " << eager.losses[0] << " graphed " << graphed.losses[0]
                      << "; replayed " << graphed.summary.replayed << " of 6; params after 6 steps max |diff| "
                      << graphedDiff << " (eager vs eager " << eagerNoise << "); buffers max |diff| "
                      << maxDifference(eager.buffers, graphed.buffers) << "\n";
            CHECK(graphed.summary.replayed >= 3);
            CHECK(eager.losses[0] == graphed.losses[0]);
            CHECK(maxDifference(eager.buffers, graphed.buffers) <= eagerNoise);
            CHECK(graphedDiff <= eagerNoise);
        }
    }
}

TEST_CASE("network scope: accumulated gradients are g0 + g1 across replays, also from undefined .grad", "[cuda][train]") {
    torch::manual_seed(1);
    torch::nn::Sequential net(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)), torch::nn::ReLU(),
                              torch::nn::Flatten(), torch::nn::Linear(8 * 8 * 8, 4));
    net->to(kGpu);
    const auto x0 = torch::randn({2, 3, 8, 8}, kGpu);
    const auto x1 = torch::randn({2, 3, 8, 8}, kGpu);
    // Eager references: g1 alone, and g0 + g1.
    for (auto& p : net->parameters()) p.mutable_grad() = torch::Tensor();
    net->forward(x1).square().sum().backward();
    std::vector<torch::Tensor> g1;
    for (const auto& p : net->parameters()) g1.push_back(p.grad().clone());
    for (auto& p : net->parameters()) p.mutable_grad() = torch::Tensor();
    net->forward(x0).square().sum().backward();
    net->forward(x1).square().sum().backward();
    std::vector<torch::Tensor> expected;
    for (const auto& p : net->parameters()) expected.push_back(p.grad().clone());
    for (auto& p : net->parameters()) p.mutable_grad() = torch::Tensor();
    graphs::GraphedNetwork graphed([net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); },
                                   net->parameters(), {}, graphs::makeCudaCaptureBackend(), x0, 3);
    for (const auto& p : net->parameters()) REQUIRE_FALSE(p.grad().defined());  // warm-up used autograd::grad
    graphed(x0).toTensor().square().sum().backward();
    graphed(x1).toTensor().square().sum().backward();
    const auto parameters = net->parameters();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        CAPTURE(i);
        CHECK(torch::allclose(parameters[i].grad(), expected[i], 1e-5, 1e-6));
        CHECK_FALSE(torch::allclose(parameters[i].grad(), 2 * g1[i], 1e-5, 1e-6));  // what an aliased .grad gives
    }
    CHECK(graphed.forwardReplays() == 2);
    CHECK(graphed.backwardReplays() == 2);
}

TEST_CASE("random numbers inside a graph: replays draw new masks, seeded eager equals seeded graphed", "[cuda][train]") {
    torch::nn::Dropout dropout(0.5);
    dropout->train();
    torch::manual_seed(1);
    const auto weight = torch::ones({64, 64}, kGpu).requires_grad_();
    auto forward = [dropout, weight](const torch::Tensor& x) mutable { return c10::IValue(dropout->forward(x.matmul(weight))); };
    const auto x = torch::ones({16, 64}, kGpu);
    torch::manual_seed(21);
    const auto eagerFirst = forward(x).toTensor().detach().clone();
    torch::manual_seed(21);
    graphs::GraphedNetwork graphed(forward, {weight}, {}, graphs::makeCudaCaptureBackend(), x, 3);
    const auto first = graphed(x).toTensor().detach().clone();
    const auto second = graphed(x).toTensor().detach().clone();
    CHECK(graphs::bitEqual(first, eagerFirst));
    CHECK_FALSE(graphs::bitEqual(first, second));
}

TEST_CASE("a real run: injected failure mid-run and multi-scale fall back and complete, loader threads running", "[cuda][train]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-train-gpu-test";
    std::filesystem::remove_all(out);
    train::TrainOptions options;
    options.family = "fomo-s";
    options.epochs = 1;
    options.batch = 4;
    options.cudaGraph = true;
    options.graphScope = "step";
    options.outDir = out.string();
    options.workers = 4;
    options.maxSteps = 12;
    options.precision = "amp-fp16";
    std::ostringstream log;
    const auto plain = train::runTraining(options, log);
    std::cout << "[train] fomo-s step scope, 12 steps: " << plain.graphs << "\n";
    CHECK_THAT(plain.graphs, Catch::Contains("steps replayed"));
    CHECK(plain.microSteps == 12);

    options.injectGraphFailureAt = 6;
    std::ostringstream failedLog;
    const auto failed = train::runTraining(options, failedLog);
    std::cout << "[train] injected failure at step 6: " << failed.graphs << "\n";
    CHECK(failed.microSteps == 12);
    CHECK_THAT(failed.graphs, Catch::Contains("graphs turned off"));
    CHECK_THAT(failedLog.str(), Catch::Contains("the rest of the run trains eagerly"));

    options.injectGraphFailureAt = -1;
    options.multiScale = {96, 128, 160};
    options.maxSteps = 18;
    std::ostringstream multiLog;
    const auto multi = train::runTraining(options, multiLog);
    std::cout << "[train] multi-scale 96/128/160: " << multi.graphs << "\n";
    CHECK(multi.microSteps == 18);
    CHECK_THAT(multi.graphs, Catch::Contains("before capture"));
    std::filesystem::remove_all(out);
}
