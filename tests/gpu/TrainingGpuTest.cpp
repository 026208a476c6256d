// Graphed training on the GPU: both scopes against eager from one seeded state (step-0 loss,
// losses, parameters and BatchNorm buffers after 6 steps, compared bit for bit; the report names
// the numerics class), gradient accumulation g0 + g1 across replays with undefined .grad and with
// the gradients added inside the backward graph (a .grad replaced after capture falls back), random
// numbers inside a graph (consecutive replays differ; seeded eager == seeded graphed), and the
// fallbacks of a real run (injected failure mid-run, multi-scale beyond the cap) with the loader's
// pinned-memory threads running while graphs are captured.
#include "UserModelFixtures.h"
#include "GpuDevice.h"
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "bench/TrainingSeamFinder.h"
#include "bench/TrainingSweepRunner.h"
#include "families/FamilyRegistry.h"
#include "graphs/CaptureBackend.h"
#include "graphs/GraphedNetwork.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"
#include "train/CapturableAdamW.h"
#include "train/CapturableSgd.h"
#include "train/GradientScaler.h"
#include "train/Trainer.h"
#include "train/TrainingErrors.h"
#include "train/TrainingParity.h"
#include "train/TrainingStep.h"
#include "train/TrainingVerify.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAStream.h>
#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <iostream>
#include <sstream>

using namespace graphlens;
using families::TrainingGraphScope;

namespace {

using graphlens::testing::kGpu;

// A conv, a ReLU and a linear head on the GPU, for 2x3x8x8 inputs (seed first).
torch::nn::Sequential smallGpuNet() {
    torch::nn::Sequential net(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)), torch::nn::ReLU(),
                              torch::nn::Flatten(), torch::nn::Linear(8 * 8 * 8, 4));
    net->to(kGpu);
    return net;
}

}  // namespace

TEST_CASE("graphed training (network and step scope) is classed no worse than eager noise", "[cuda][train]") {
    struct Case {
        const char* family;
        train::TrainingPrecision precision;
        const char* optimizer;
    };
    const Case cases[] = {
        {"resnet18", train::TrainingPrecision::Fp32, "sgd"},
        {"resnet18", train::TrainingPrecision::AmpFp16, "adamw"},
        {"resnet18", train::TrainingPrecision::AmpBf16, "sgd"},
        {"mobilenetv3-s", train::TrainingPrecision::AmpFp16, "adamw"},  // dropout inside the graph
        {"fomo-s", train::TrainingPrecision::AmpFp16, "sgd"},
        {"rtdetr-r18", train::TrainingPrecision::Fp32, "adamw"},  // network scope = its seam split
    };
    for (const auto& c : cases) {
        const auto* family = families::FamilyRegistry::builtIn().find(c.family);
        REQUIRE(family != nullptr);
        for (const auto scope : {TrainingGraphScope::Network, TrainingGraphScope::Step}) {
            if (!family->training.supports(scope)) continue;
            train::TrainingParityOptions options;
            options.scope = scope;
            options.precision = c.precision;
            options.optimizer = c.optimizer;
            options.device = kGpu;
            // rtdetr-r18 selects 300 queries from its encoder's positions: 128 px gives 336.
            options.imgsz = std::string(c.family) == "fomo-s" ? 96 : std::string(c.family) == "rtdetr-r18" ? 128 : 64;
            const auto result = train::checkTrainingParity(*family, options);
            const std::string label = std::string(c.family) + " " + result.precision + " " + c.optimizer + " " + result.scope;
            CAPTURE(label, result.error);
            std::cout << "[train] " << label << ": step-0 loss " << (result.lossZeroIdentical ? "identical" : "differs")
                      << " (" << result.lossZeroEager << "), replayed " << result.replayed << " of " << result.steps
                      << ", gradients " << train::toString(result.gradientClass) << " (max |diff| " << result.gradients.maxAbs
                      << ", eager noise " << result.gradientsNoise.maxAbs << "), parameters "
                      << train::toString(result.parameterClass) << " (max |diff| " << result.parameters.maxAbs
                      << ", eager noise " << result.parametersNoise.maxAbs << "), buffers max |diff| " << result.buffers.maxAbs
                      << " -> " << train::toString(result.overall()) << "\n";
            CHECK(result.error.empty());
            CHECK(result.replayed >= 3);
            // Step 0 is a replay in the graphed run (SGD included: its first step is capturable), so
            // the step-0 loss compares a graph with eager, never eager with eager.
            CHECK(result.stepZeroReplayed);
            CHECK(result.lossZeroIdentical);
            // rtdetr-r18's backward accumulates with atomics (grid_sample): its eager runs differ, and its
            // graphed run is classed against twice that spread (kEagerSpreadMargin).
            CHECK(result.acceptable());
        }
    }
}

TEST_CASE("network scope: accumulated gradients are g0 + g1 across replays also from undefined .grad", "[cuda][train]") {
    torch::manual_seed(1);
    auto net = smallGpuNet();
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

TEST_CASE("network scope: an eager step after capture accumulates on its own stream, not the capture's", "[cuda][train]") {
    // The capture's warm-up makes the parameters' gradient accumulators on the capture stream and its
    // autograd graph outlives the capture; an eager backward that reused them would sync streams once
    // per parameter (and libtorch would warn that the AccumulateGrad node's stream does not match).
    torch::manual_seed(5);
    auto net = smallGpuNet();
    const auto x0 = torch::randn({2, 3, 8, 8}, kGpu);
    for (auto& p : net->parameters()) p.mutable_grad() = torch::zeros_like(p);
    graphs::GraphedNetwork graphed([net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); },
                                   net->parameters(), {}, graphs::makeCudaCaptureBackend(), x0, 3);
    const auto eagerLoss = net->forward(x0).square().sum();  // keeps this step's accumulators alive
    const auto stream = c10::cuda::getCurrentCUDAStream();
    for (const auto& p : net->parameters()) {
        const auto accumulator = torch::autograd::impl::try_get_grad_accumulator(p);
        REQUIRE(accumulator != nullptr);
        CHECK(accumulator->input_metadata(0).stream() == c10::Stream(stream));
    }
    eagerLoss.backward();
    torch::cuda::synchronize();
}

TEST_CASE("network scope: gradients added inside the backward graph equal eager's, also after .grad is replaced", "[cuda][train]") {
    torch::manual_seed(2);
    auto net = smallGpuNet();
    const auto x0 = torch::randn({2, 3, 8, 8}, kGpu);
    const auto x1 = torch::randn({2, 3, 8, 8}, kGpu);
    const auto zeroInPlace = [&] {
        for (auto& p : net->parameters()) {
            if (p.grad().defined()) p.mutable_grad().zero_();
            else p.mutable_grad() = torch::zeros_like(p);
        }
    };
    const auto gradients = [&] {
        std::vector<torch::Tensor> grads;
        for (const auto& p : net->parameters()) grads.push_back(p.grad().clone());
        return grads;
    };
    zeroInPlace();
    net->forward(x0).square().sum().backward();
    const auto eager0 = gradients();
    net->forward(x1).square().sum().backward();
    const auto eager01 = gradients();
    zeroInPlace();  // .grad exists at capture: the backward graph adds into it
    graphs::GraphedNetwork graphed([net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); },
                                   net->parameters(), {}, graphs::makeCudaCaptureBackend(), x0, 3);
    const auto parameters = net->parameters();
    REQUIRE(graphed.gradientsAddedInGraph() == parameters.size());
    for (const auto& p : parameters) REQUIRE(torch::equal(p.grad(), torch::zeros_like(p)));  // capture added nothing
    graphed(x0).toTensor().square().sum().backward();
    auto replayed = gradients();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        CAPTURE(i);
        CHECK(torch::allclose(replayed[i], eager0[i], 1e-5, 1e-6));
    }
    graphed(x1).toTensor().square().sum().backward();  // a second micro-step accumulates: g0 + g1
    replayed = gradients();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        CAPTURE(i);
        CHECK(torch::allclose(replayed[i], eager01[i], 1e-5, 1e-6));
    }
    // A .grad replaced behind the graph's back, and one dropped: autograd fills them from the buffer.
    zeroInPlace();
    auto changing = net->parameters();
    changing[0].mutable_grad() = torch::zeros_like(changing[0]);
    changing[1].mutable_grad() = torch::Tensor();
    graphed(x0).toTensor().square().sum().backward();
    replayed = gradients();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        CAPTURE(i);
        CHECK(torch::allclose(replayed[i], eager0[i], 1e-5, 1e-6));
    }
    const auto adopted = changing[1].grad().clone();
    zeroInPlace();
    graphed(x1).toTensor().square().sum().backward();  // must not rewrite the gradient autograd adopted before
    CHECK_FALSE(torch::equal(changing[1].grad(), adopted));
    CHECK(torch::allclose(changing[1].grad(), eager01[1] - eager0[1], 1e-4, 1e-5));
}

TEST_CASE("random numbers inside a graph: replays draw new masks and seeded eager equals seeded graphed", "[cuda][train]") {
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

TEST_CASE("a real run: injected failure mid-run and multi-scale fall back and complete with loader threads running", "[cuda][train]") {
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
    options.maxSteps = 16;  // one epoch: 64 images in batches of 4
    std::ostringstream multiLog;
    const auto multi = train::runTraining(options, multiLog);
    std::cout << "[train] multi-scale 96/128/160: " << multi.graphs << "\n";
    CHECK(multi.microSteps == 16);
    CHECK_THAT(multi.graphs, Catch::Contains("before capture"));
    std::filesystem::remove_all(out);
}

TEST_CASE("a family declaring graphed training none trains eagerly with --cuda-graph and says why", "[cuda][train]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-train-gpu-none";
    std::filesystem::remove_all(out);
    train::TrainOptions options;
    options.modelPath = testing::UserModelFixtures::get().path("classifier.pt");
    options.task = "classify";
    options.imgsz = 64;
    options.epochs = 1;
    options.batch = 4;
    options.maxSteps = 4;
    options.cudaGraph = true;
    options.outDir = out.string();
    std::ostringstream log;
    const auto report = train::runTraining(options, log);
    std::cout << "[train] TorchScript classifier with --cuda-graph: " << report.graphs << "\n";
    CHECK_THAT(log.str(), Catch::Contains("graphs off: classifier declares graphed training none"));
    CHECK(report.graphs == "off (trained eagerly)");
    CHECK(report.microSteps == 4);
    std::filesystem::remove_all(out);
}

TEST_CASE("every built-in family's declared training scopes pass the training check (amp-fp16)", "[cuda][train]") {
    const auto rows = train::verifyTraining(families::FamilyRegistry::builtIn().all(), train::TrainingPrecision::AmpFp16,
                                            "sgd", kGpu);
    std::cout << train::trainingVerifyTable(rows);
    CHECK(train::trainingVerifyExitCode(rows) == 0);
    for (const auto& row : rows) {
        for (const auto& scope : row.scopes) {
            CAPTURE(row.family, scope.scope);
            CHECK(scope.stepZeroReplayed);
        }
    }
}

TEST_CASE("training steps in the sweep: both scopes replay, with phases, network fraction and VRAM", "[cuda][train][sweep]") {
    struct Events : bench::SweepEvents {
        void progress(int, int, const std::string&, double) override {}
        void measurement(const results::Measurement&) override {}
        void log(const std::string&) override {}
        void warning(const std::string& text) override { std::cout << "[train-sweep] warning: " << text << "\n"; }
    } events;
    results::SweepPlan plan;
    plan.family = "resnet18";
    plan.phases = {"train"};
    plan.batches = {8};
    plan.imgsz = 64;
    plan.precision = "amp-fp16";
    plan.steps = 8;
    plan.warmup = 3;
    plan.repeats = 2;
    plan.profile = false;
    const auto& family = *families::FamilyRegistry::builtIn().find("resnet18");
    const bench::BenchmarkBatch batches("", family.task, plan.seed, events);
    bench::TrainingSweepRunner runner(family, plan, "gpu", events, nullptr, batches);
    const auto rows = runner.run().rows;
    REQUIRE(rows.size() == 4);
    for (const auto& row : rows) {
        CAPTURE(row.scope, row.arm, row.message);
        REQUIRE(row.status == "ok");
        CHECK(row.phase == "train");
        CHECK(row.precision == "amp-fp16");
        CHECK(row.vram_peak_reserved_mb.value_or(0) > 0);
        CHECK(row.data_ms.has_value());
        REQUIRE(row.network_fraction);
        CHECK(*row.network_fraction > 0);
        CHECK(*row.network_fraction < 1);
        if (row.arm == "eager") {
            CHECK(row.forward_ms.has_value());
            CHECK(row.optimizer_ms.has_value());
        } else {
            CHECK(row.replays.value_or(0) > 0);
            CHECK(row.graph_pool_mb.value_or(0) > 0);
            std::cout << "[train-sweep] resnet18 batch 8 amp-fp16 " << row.scope << " scope: speedup " << *row.speedup
                      << "x, network " << *row.network_fraction << " of the eager step\n";
        }
    }
    // The eager arm is the same step in both scopes: its phase pass ran once (network, the first
    // scope) and the step scope's eager row has those phases; its timed rounds are its own.
    REQUIRE(rows[0].scope == "network");
    REQUIRE(rows[2].scope == "step");
    REQUIRE(rows[2].arm == "eager");
    CHECK(rows[2].forward_ms == rows[0].forward_ms);
    CHECK(rows[2].backward_ms == rows[0].backward_ms);
    CHECK(rows[2].data_alone_ms == rows[0].data_alone_ms);
    CHECK(rows[2].steps == rows[0].steps);
}

namespace {

// A network whose forward picks a branch with the host generator: a graph would freeze the choice.
struct HostRandomBranchImpl : torch::nn::Module {
    HostRandomBranchImpl() {
        conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)));
        head = register_module("head", torch::nn::Linear(4, 5));
    }
    torch::Tensor forward(const torch::Tensor& x) {
        auto y = conv(x);
        if (torch::rand({1}).item<float>() < 0.5f) y = torch::relu(y);  // host RNG deciding control flow
        return head(y.mean({2, 3}));
    }
    torch::nn::Conv2d conv{nullptr};
    torch::nn::Linear head{nullptr};
};
TORCH_MODULE(HostRandomBranch);

}  // namespace

TEST_CASE("a step that draws from the host random generator is refused a graph and trains eagerly", "[cuda][train]") {
    for (const auto scope : {TrainingGraphScope::Network, TrainingGraphScope::Step}) {
        CAPTURE(families::toString(scope));
        torch::manual_seed(3);
        HostRandomBranch net;
        net->to(kGpu);
        net->train();
        families::Family family;
        family.name = "host-random";
        family.task = "classify";
        family.loss = families::crossEntropyLoss;
        family.training = {TrainingGraphScope::Step, ""};
        train::CapturableSgd optimizer(net->parameters(), train::SgdOptions{});
        train::GradientScaler scaler(kGpu, {.enabled = false});
        std::vector<std::string> warnings;
        train::TrainingStepOptions options;
        options.graphScope = scope;
        options.warn = [&warnings](const std::string& line) { warnings.push_back(line); };
        train::TrainingStep step(net.ptr(), [net](const torch::Tensor& x) mutable { return c10::IValue(net->forward(x)); },
                                 family, optimizer, scaler, options);
        const auto images = torch::randn({4, 3, 16, 16}, kGpu);
        const auto targets = torch::randint(0, 5, {4}, torch::TensorOptions().dtype(torch::kLong).device(kGpu));
        for (int i = 0; i < 6; ++i) (void)step.run(images, targets);
        std::cout << "[train] host RNG branch, " << families::toString(scope) << " scope: " << step.describeGraphs() << "\n";
        CHECK(step.scope() == TrainingGraphScope::None);
        CHECK(step.summary().replayed == 0);
        CHECK(step.summary().captures == 0);
        REQUIRE(warnings.size() == 1);
        CHECK_THAT(warnings[0], Catch::Contains("draws from the host random generator"));
    }
}

TEST_CASE("out of memory in a training run: a clear failure naming the batch, the last checkpoint kept intact", "[cuda][train]") {
    const auto out = std::filesystem::temp_directory_path() / "graphlens-train-gpu-oom";
    std::filesystem::remove_all(out);
    train::TrainOptions options;
    options.family = "resnet18";
    options.precision = "fp32";
    options.epochs = 1;
    options.batch = 64;
    options.imgsz = 64;
    options.maxSteps = 2;
    options.workers = 2;
    options.outDir = out.string();
    std::ostringstream firstLog;
    (void)train::runTraining(options, firstLog);
    const auto checkpoint = out / "last.ckpt";
    REQUIRE(std::filesystem::exists(checkpoint));
    const auto readBytes = [](const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const auto before = readBytes(checkpoint);

    // Resumed at 4096 px the same batch needs several times the H200's 141 GB (measured: batch 32
    // at 3072 px in amp-fp16 still fits).
    options.resume = checkpoint.string();
    options.epochs = 2;
    options.imgsz = 4096;
    std::ostringstream log;
    std::string message;
    try {
        (void)train::runTraining(options, log);
    } catch (const train::TrainingFailure& failure) {
        message = failure.what();
    }
    std::cout << "[train] out of memory: " << message << "\n";
    CHECK_THAT(message, Catch::StartsWith("out of memory training resnet18 at batch 64"));
    CHECK_THAT(message, Catch::Contains("the last checkpoint " + checkpoint.string() + " is kept"));
    const bool checkpointUnchanged = readBytes(checkpoint) == before;  // not printed: it is binary
    CHECK(checkpointUnchanged);
    torch::cuda::synchronize();
    c10::cuda::CUDACachingAllocator::emptyCache();
    std::filesystem::remove_all(out);
}

// The training seam search on its check: from rtdetr-r18's training chain alone (backbone, input
// projections, hybrid encoder, decoder side), each prefix captured in network scope and judged by the
// training parity check, it must stop before the decoder side and capture exactly the declared seam's
// part, with the split measured (captured share of the eager step, speedup over eager steps).
TEST_CASE("the training seam search rediscovers rtdetr-r18's seam from its chain", "[cuda][train][forensics]") {
    const auto* family = families::FamilyRegistry::builtIn().find("rtdetr-r18");
    REQUIRE(family != nullptr);
    bench::TrainingSeamFinderOptions options;
    options.device = kGpu;
    options.optimizer = "adamw";
    options.imgsz = train::trainingVerifyImageSize(*family);
    options.timedSteps = 10;
    options.repeats = 2;
    const auto finding = bench::findTrainingSeam(*family, options);
    std::cerr << "rtdetr-r18 --training --find-seam:\n" << finding.text();
    REQUIRE(finding.status == "found");
    CHECK(finding.end == std::size_t{3});
    CHECK(finding.point == "after encoder_side.encoder, before decoder_side");
    CHECK(finding.firstBrokenLink == "decoder_side");
    REQUIRE(finding.sameAsDeclared.has_value());
    CHECK(*finding.sameAsDeclared);
    CHECK(finding.parityClass != "mismatch");
    REQUIRE(finding.capturedShare.has_value());
    CHECK(*finding.capturedShare > 0.0);
    CHECK(*finding.capturedShare < 1.0);
    REQUIRE(finding.speedup.has_value());
    CHECK(*finding.speedup > 0.0);
}
