// The training step's graph logic on the CPU with the fake capture backend (a "replay" re-runs the
// captured closure, so state handling — restore after warm-up, static inputs, accumulation — is
// exercised for real): eager and `step`-scope training give bit-identical parameters and BatchNorm
// buffers, capture waits for the third sighting, a failure mid-run turns graphs off and the run
// goes on, and shapes beyond the cap train eagerly and are counted.
#include "FakeCaptureBackend.h"
#include "families/Family.h"
#include "families/TrainingLoss.h"
#include "train/CapturableAdamW.h"
#include "train/CapturableSgd.h"
#include "train/GradientScaler.h"
#include "train/TrainingStep.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

using namespace graphlens;
using families::TrainingGraphScope;

namespace {

struct TinyNetImpl : torch::nn::Module {
    TinyNetImpl() {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        norm = register_module("norm", torch::nn::BatchNorm2d(4));
        head = register_module("head", torch::nn::Linear(4, 5));
    }
    torch::Tensor forward(const torch::Tensor& x) {
        auto y = torch::relu(norm(conv(x)));
        return head(y.mean({2, 3}));
    }
    torch::nn::Conv2d conv{nullptr};
    torch::nn::BatchNorm2d norm{nullptr};
    torch::nn::Linear head{nullptr};
};
TORCH_MODULE(TinyNet);

families::Family tinyFamily() {
    families::Family family;
    family.name = "tiny";
    family.task = "classify";
    family.loss = families::crossEntropyLoss;
    family.training = {TrainingGraphScope::Step, ""};
    return family;
}

struct Batch {
    torch::Tensor images, targets;
};

std::vector<Batch> batches(int count, int batch = 4, int size = 8) {
    torch::manual_seed(42);
    std::vector<Batch> out;
    for (int i = 0; i < count; ++i) out.push_back({torch::randn({batch, 3, size, size}), torch::randint(0, 5, {batch})});
    return out;
}

// Trains a fresh seeded TinyNet over `data` and returns the resulting state.
struct Run {
    std::vector<torch::Tensor> parameters, buffers, losses;
    graphlens::train::TrainingGraphSummary summary;
    std::vector<std::string> warnings;
    std::string description;
};

Run trainTiny(const std::vector<Batch>& data, TrainingGraphScope scope, const std::string& optimizerName,
          std::shared_ptr<testing::FakeCaptureBackend> backend, std::int64_t failAt = -1, int accumulation = 1,
          int maxGraphs = 4) {
    torch::manual_seed(7);
    TinyNet net;
    net->train();
    std::vector<torch::Tensor> params = net->parameters();
    std::unique_ptr<graphlens::train::CapturableOptimizer> optimizer;
    if (optimizerName == "sgd") {
        optimizer = std::make_unique<graphlens::train::CapturableSgd>(params, graphlens::train::SgdOptions{});
    } else {
        optimizer = std::make_unique<graphlens::train::CapturableAdamW>(params, graphlens::train::AdamWOptions{});
    }
    graphlens::train::GradientScaler scaler(torch::kCPU, {.enabled = false});
    Run run;
    graphlens::train::TrainingStepOptions options;
    options.graphScope = scope;
    options.backend = backend;
    options.failAtMicroStep = failAt;
    options.accumulation = accumulation;
    options.maxGraphs = maxGraphs;
    options.warn = [&run](const std::string& line) { run.warnings.push_back(line); };
    graphlens::train::TrainingStep step(net.ptr(), [net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); },
                                        tinyFamily(), *optimizer, scaler, options);
    for (const auto& batch : data) run.losses.push_back(step.run(batch.images, batch.targets).loss);
    for (const auto& p : net->parameters()) run.parameters.push_back(p.detach().clone());
    for (const auto& b : net->buffers()) run.buffers.push_back(b.clone());
    run.summary = step.summary();
    run.description = step.describeGraphs();
    return run;
}

bool sameTensors(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!torch::equal(a[i], b[i])) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("step scope trains to bit-identical parameters and BatchNorm buffers as eager", "[train]") {
    const auto data = batches(6);
    for (const std::string optimizer : {"sgd", "adamw"}) {
        CAPTURE(optimizer);
        const auto eager = trainTiny(data, TrainingGraphScope::None, optimizer, nullptr);
        auto backend = std::make_shared<testing::FakeCaptureBackend>();
        const auto graphed = trainTiny(data, TrainingGraphScope::Step, optimizer, backend);
        CHECK(backend->captures == 1);
        // Captured on the third sighting. Both optimizers can be captured from their first step (SGD's
        // momentum buffers start at zero, where its first update is every later one's), so nothing
        // waits for the optimizer's state.
        CHECK(graphed.summary.eagerBeforeCapture == 2);
        CHECK(graphed.summary.eagerNotReady == 0);
        CHECK(graphed.summary.replayed == 4);
        CHECK(sameTensors(eager.parameters, graphed.parameters));
        CHECK(sameTensors(eager.buffers, graphed.buffers));  // running stats and num_batches_tracked
        CHECK(sameTensors(eager.losses, graphed.losses));
        CHECK(graphed.warnings.empty());
    }
}

TEST_CASE("the warm-up steps of a capture leave no trace: without the restore the parameters would move", "[train]") {
    // Guards the test above: a capture warm-up that ran 3 real optimizer steps would be visible.
    const auto data = batches(3);
    const auto eagerThree = trainTiny(data, TrainingGraphScope::None, "adamw", nullptr);
    auto moreData = data;
    for (int i = 0; i < 3; ++i) moreData.push_back(data.back());
    const auto eagerSix = trainTiny(moreData, TrainingGraphScope::None, "adamw", nullptr);
    CHECK_FALSE(sameTensors(eagerThree.parameters, eagerSix.parameters));
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto graphedThree = trainTiny(data, TrainingGraphScope::Step, "adamw", backend);
    CHECK(backend->captures == 1);
    CHECK(sameTensors(eagerThree.parameters, graphedThree.parameters));
}

TEST_CASE("a capture failure mid-run warns once, trains the rest eagerly and completes", "[train]") {
    const auto data = batches(8);
    const auto eager = trainTiny(data, TrainingGraphScope::None, "adamw", nullptr);
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto graphed = trainTiny(data, TrainingGraphScope::Step, "adamw", backend, /*failAt=*/4);
    REQUIRE(graphed.warnings.size() == 1);
    CHECK_THAT(graphed.warnings[0], Catch::Contains("failed at micro-step 4") && Catch::Contains("eagerly"));
    CHECK(graphed.summary.replayed == 2);  // micro-steps 2 and 3
    CHECK(graphed.summary.eagerAfterFailure == 4);
    CHECK(graphed.losses.size() == data.size());
    CHECK(sameTensors(eager.parameters, graphed.parameters));
    CHECK_THAT(graphed.description, Catch::Contains("graphs turned off"));
}

TEST_CASE("a failure at the first capture leaves the state as it was (no warm-up update kept)", "[train]") {
    const auto data = batches(5);
    const auto eager = trainTiny(data, TrainingGraphScope::None, "sgd", nullptr);
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    backend->failWhen = [](const torch::Tensor&) { return true; };
    const auto graphed = trainTiny(data, TrainingGraphScope::Step, "sgd", backend);
    CHECK(backend->attempts == 1);
    CHECK(graphed.summary.replayed == 0);
    CHECK(graphed.warnings.size() == 1);
    CHECK(sameTensors(eager.parameters, graphed.parameters));
}

TEST_CASE("multi-scale: shapes beyond the cap train eagerly and are counted", "[train]") {
    std::vector<Batch> data;
    torch::manual_seed(3);
    for (int round = 0; round < 4; ++round) {
        for (int size : {8, 12}) data.push_back({torch::randn({2, 3, size, size}), torch::randint(0, 5, {2})});
    }
    auto backend = std::make_shared<testing::FakeCaptureBackend>();
    const auto graphed = trainTiny(data, TrainingGraphScope::Step, "adamw", backend, -1, 1, /*maxGraphs=*/1);
    CHECK(backend->captures == 1);
    // 8 px: sightings 1 and 2 eager, captured on the third (round 2), replayed again in round 3.
    // 12 px: sightings 1 and 2 eager, then the cap of one graph keeps it eager.
    CHECK(graphed.summary.replayed == 2);
    CHECK(graphed.summary.eagerBeforeCapture == 4);
    CHECK(graphed.summary.eagerOtherShapes == 2);
    CHECK_THAT(graphed.description, Catch::Contains("2 of 8 steps replayed"));
    const auto eager = trainTiny(data, TrainingGraphScope::None, "adamw", nullptr);
    CHECK(sameTensors(eager.parameters, graphed.parameters));
}

TEST_CASE("step scope with gradient accumulation falls back to network scope and says so", "[train]") {
    const auto data = batches(4);
    const auto eager = trainTiny(data, TrainingGraphScope::None, "adamw", nullptr, -1, /*accumulation=*/2);
    // The fake backend cannot stand in for a forward/backward graph pair; the real CUDA backend
    // refuses the CPU input, which turns graphs off without changing the result.
    const auto graphed = trainTiny(data, TrainingGraphScope::Step, "adamw", nullptr, -1, /*accumulation=*/2);
    REQUIRE_FALSE(graphed.warnings.empty());
    CHECK_THAT(graphed.warnings[0], Catch::Contains("using network scope"));
    CHECK(sameTensors(eager.parameters, graphed.parameters));
}

TEST_CASE("gradient accumulation over two micro-steps equals one step on their mean gradient", "[train]") {
    // Eager reference arithmetic: accumulate g0/2 + g1/2 into zeroed gradients, then one step.
    const auto data = batches(2);
    const auto accumulated = trainTiny(data, TrainingGraphScope::None, "sgd", nullptr, -1, /*accumulation=*/2);
    torch::manual_seed(7);
    TinyNet net;
    net->train();
    auto params = net->parameters();
    graphlens::train::CapturableSgd sgd(params, graphlens::train::SgdOptions{});
    sgd.zeroGrad();
    for (const auto& batch : data) {
        (torch::nn::functional::cross_entropy(net->forward(batch.images), batch.targets) / 2).backward();
    }
    sgd.step();
    std::vector<torch::Tensor> expected;
    for (const auto& p : net->parameters()) expected.push_back(p.detach().clone());
    CHECK(sameTensors(expected, accumulated.parameters));
}
