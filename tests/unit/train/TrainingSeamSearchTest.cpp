// The training seam search (`verify --training --find-seam`) on the CPU: a small network whose training
// forward is a chain of three links, the last of which reads the targets with a host sync (as
// rtdetr-r18's decoder side does). The CPU's fake capture cannot replay a network-scope backward
// (TrainingSeamTest.cpp says why), so each trial here runs the split's captured part the way a capture
// would run it, with FakeCaptureBackend::capturingNow() set: a link that synchronises refuses, as CUDA
// refuses a synchronising call during capture. The real trials (the training parity check of each
// split, captured) run on the GPU: tests/gpu/TrainingGpuTest.cpp rediscovers rtdetr-r18's seam.
#include "FakeCaptureBackend.h"
#include "bench/TrainingSeamFinder.h"
#include "families/ChainSeamSearch.h"
#include "families/TrainingChain.h"
#include "graphs/OutputTree.h"
#include "train/CapturableSgd.h"
#include "train/GradientScaler.h"
#include "train/TrainingParity.h"
#include "train/TrainingStep.h"
#include "graphs/ModuleForward.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <set>
#include <stdexcept>
#include <string>

using namespace graphlens;

namespace {

struct ChainNetImpl : torch::nn::Module {
    ChainNetImpl() {
        features = register_module("features", torch::nn::Sequential(
            torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 4, 3).padding(1)),
            torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 4, 1))));
        head = register_module("head", torch::nn::Linear(4, 3));
    }
    torch::Tensor stem(const torch::Tensor& x) { return torch::relu(features[0]->as<torch::nn::Conv2d>()->forward(x)); }
    torch::Tensor body(const torch::Tensor& x) { return features[1]->as<torch::nn::Conv2d>()->forward(x); }
    // As many "queries" as the largest target + 1, read on the host: a capture refuses that read.
    torch::Tensor rest(const torch::Tensor& features, const torch::Tensor& targets) {
        if (refuseUnderCapture && testing::FakeCaptureBackend::capturingNow()) {
            throw std::runtime_error("operation not permitted when stream is capturing (aten::item)");
        }
        const auto queries = targets.max().item<std::int64_t>() + 1;
        const auto pooled = torch::relu(features).mean({2, 3});
        return head(pooled).unsqueeze(1).expand({-1, queries, -1}) *
               torch::arange(1, queries + 1, pooled.options()).view({1, -1, 1});
    }
    torch::Tensor forward(const torch::Tensor& x) { return head(torch::relu(body(stem(x))).mean({2, 3})); }
    torch::nn::Sequential features{nullptr};
    torch::nn::Linear head{nullptr};
    bool refuseUnderCapture = true;
};
TORCH_MODULE(ChainNet);

torch::Tensor chainLoss(const c10::IValue& output, const torch::Tensor& targets) {
    const auto predictions = output.toTensor();
    return (predictions.mean({1, 2}) - targets.to(predictions.dtype())).pow(2).mean();
}

// brokenChain: the first link adds 1, so the links in order are not the training forward.
families::Family chainFamily(bool refuseUnderCapture = true, bool brokenChain = false) {
    families::Family family;
    family.name = "chained";
    family.task = "classify";
    family.numClasses = 3;
    family.defaultImgsz = 8;
    family.build = [refuseUnderCapture](std::uint64_t seed) {
        torch::manual_seed(seed);
        ChainNet net;
        net->refuseUnderCapture = refuseUnderCapture;
        return torch::nn::AnyModule(net);
    };
    family.trainingTargets = [](const families::TrainingLabels& labels, std::int64_t, int) { return labels.classes; };
    family.loss = chainLoss;
    family.training = {families::TrainingGraphScope::Network, ""};
    family.training.seam = "after the features, before the head";
    family.trainingSeam = [](torch::nn::AnyModule& network) {
        auto net = network.get<ChainNet>();
        families::TrainingSeam seam;
        seam.captured = net->features.ptr();
        seam.capturedForward = [net](const torch::Tensor& x) mutable { return c10::IValue(net->body(net->stem(x))); };
        seam.rest = [net](const c10::IValue& features, const torch::Tensor& targets) mutable {
            return c10::IValue(net->rest(features.toTensor(), targets));
        };
        return std::optional<families::TrainingSeam>(std::move(seam));
    };
    family.trainingChain = [brokenChain](torch::nn::AnyModule& network) {
        auto net = network.get<ChainNet>();
        families::TrainingChain chain;
        chain.links.push_back({"features.0", net->features[0], false,
                               [net, brokenChain](const c10::IValue& x, const torch::Tensor&) mutable {
                                   const auto stem = net->stem(x.toTensor());
                                   return c10::IValue(brokenChain ? stem + 1 : stem);
                               }});
        chain.links.push_back({"features.1", net->features[1], false,
                               [net](const c10::IValue& x, const torch::Tensor&) mutable {
                                   return c10::IValue(net->body(x.toTensor()));
                               }});
        chain.links.push_back({"head", net->head.ptr(), true,
                               [net](const c10::IValue& x, const torch::Tensor& targets) mutable {
                                   return c10::IValue(net->rest(x.toTensor(), targets));
                               }});
        return std::optional<families::TrainingChain>(std::move(chain));
    };
    return family;
}

// A trial on the CPU: the split's captured part runs as a capture would run it (capturingNow set, the
// step's targets handed over first), then its rest and loss eagerly.
families::SegmentTrial captureStandIn(const families::Family& split, std::size_t) {
    auto network = split.build(11);
    network.ptr()->train();
    const auto seam = families::trainingSeamOf(split, network);
    const auto batch = train::syntheticTrainingBatches(split, 1, 2, 8, torch::kCPU).front();
    families::SegmentTrial trial;
    if (seam->giveTargets) seam->giveTargets(batch.second);
    c10::IValue captured;
    testing::FakeCaptureBackend::capturingNow() = true;
    try {
        captured = seam->capturedForward(batch.first);
    } catch (const std::exception& error) {
        testing::FakeCaptureBackend::capturingNow() = false;
        trial.why = error.what();
        return trial;
    }
    testing::FakeCaptureBackend::capturingNow() = false;
    const auto loss = split.loss(seam->rest(captured, batch.second), batch.second);
    trial.capturable = std::isfinite(loss.item<double>());
    return trial;
}

bench::TrainingSeamFinderOptions cpuOptions() {
    bench::TrainingSeamFinderOptions options;
    options.batch = 2;
    options.imgsz = 8;
    options.tryPrefix = captureStandIn;
    return options;
}

std::set<const void*> parametersOf(const torch::nn::Module& module) {
    std::set<const void*> set;
    for (const auto& p : module.parameters()) set.insert(p.unsafeGetTensorImpl());
    return set;
}

}  // namespace

TEST_CASE("the training seam search captures the links before the one that reads the targets: the declared seam",
          "[train][forensics]") {
    const auto finding = bench::findTrainingSeam(chainFamily(), cpuOptions());
    INFO(finding.text());
    REQUIRE(finding.status == "found");
    CHECK(finding.links == std::vector<std::string>{"features.0", "features.1", "head"});
    CHECK(finding.linksReadTargets == std::vector<bool>{false, false, true});
    REQUIRE(finding.end == std::size_t{2});
    CHECK(finding.point == "after features.1, before head");
    CHECK(finding.firstBrokenLink == "head");
    CHECK(finding.brokenWhy.find("aten::item") != std::string::npos);
    REQUIRE(finding.sameAsDeclared.has_value());
    CHECK(*finding.sameAsDeclared);
    CHECK(finding.declaredPoint == "after the features, before the head");
    // The whole chain first, then the bisection of the prefixes: [0, 1) then [0, 2).
    REQUIRE(finding.trials.size() == 3);
    CHECK(finding.trials[0].end == 3);
    CHECK_FALSE(finding.trials[0].outcome.capturable);
    CHECK(finding.trials[1].end == 1);
    CHECK(finding.trials[2].end == 2);
    CHECK(finding.trials[2].outcome.capturable);
    // Nothing measured on the CPU: no share and no speedup is made up.
    CHECK_FALSE(finding.speedup.has_value());
    CHECK_FALSE(finding.capturedShare.has_value());
    const auto text = finding.text();
    CHECK(text.find("capture the first 2 of 3 links, after features.1, before head") != std::string::npos);
    CHECK(text.find("head (reads the targets)") != std::string::npos);
    CHECK(text.find("found the same captured part") != std::string::npos);
    const auto json = finding.json();
    CHECK(json["captured_links"] == nlohmann::json{"features.0", "features.1"});
    CHECK(json["same_as_declared"] == true);
}

TEST_CASE("when every training link captures, the whole chain is the captured part", "[train][forensics]") {
    const auto finding = bench::findTrainingSeam(chainFamily(/*refuseUnderCapture=*/false), cpuOptions());
    CHECK(finding.status == "whole");
    CHECK(finding.end == std::size_t{3});
    CHECK(finding.trials.size() == 1);
    REQUIRE(finding.sameAsDeclared.has_value());
    CHECK_FALSE(*finding.sameAsDeclared);  // the head is captured too: more than the declared part
    CHECK(finding.text().find("DIFFERS from the declared one") != std::string::npos);
}

TEST_CASE("a training chain whose links do not give the training forward is not searched", "[train][forensics]") {
    int trials = 0;
    auto options = cpuOptions();
    options.tryPrefix = [&trials](const families::Family& split, std::size_t end) {
        ++trials;
        return captureStandIn(split, end);
    };
    const auto finding = bench::findTrainingSeam(chainFamily(true, /*brokenChain=*/true), options);
    CHECK(finding.status == "not-a-chain");
    CHECK(finding.why.find("do not give its training forward") != std::string::npos);
    CHECK(trials == 0);
}

TEST_CASE("a prefix split holds the prefix's parameters, and hands over the targets only when it reads them",
          "[train][forensics]") {
    const auto family = chainFamily();
    auto network = family.build(3);
    network.ptr()->train();
    const auto chain = family.trainingChain(network);
    REQUIRE(chain.has_value());
    const auto net = network.get<ChainNet>();

    const auto two = families::trainingPrefixSeam(*chain, 2);
    CHECK(parametersOf(*two.captured) == parametersOf(*net->features));
    CHECK_FALSE(two.giveTargets);
    CHECK(two.point == "after features.1, before head");
    const auto images = torch::randn({2, 3, 8, 8});
    const auto targets = torch::tensor({1, 2});
    const auto split = two.rest(two.capturedForward(images), targets);
    CHECK(graphs::compareBitwise(split, chain->run(images, targets, 0, 3)).equal);

    const auto all = families::trainingPrefixSeam(*chain, 3);
    CHECK(parametersOf(*all.captured) == parametersOf(*net));
    REQUIRE(all.giveTargets);
    all.giveTargets(targets);
    CHECK(graphs::compareBitwise(all.capturedForward(images), split).equal);
    CHECK_THROWS_AS(families::trainingPrefixSeam(*chain, 0), std::invalid_argument);
    CHECK_THROWS_AS(families::trainingPrefixSeam(*chain, 4), std::invalid_argument);
}

TEST_CASE("the prefix search never tries a segment after the broken link", "[train][forensics]") {
    // Link 1 breaks; [2, 4) alone would capture, but a training split captures only a prefix.
    std::vector<std::pair<std::size_t, std::size_t>> tried;
    const auto result = families::searchChainPrefix(4, [&tried](std::size_t begin, std::size_t end) {
        tried.emplace_back(begin, end);
        families::SegmentTrial trial;
        trial.capturable = begin > 1 || end <= 1;
        if (!trial.capturable) trial.why = "link 1 refuses";
        return trial;
    });
    CHECK(result.end == std::size_t{1});
    CHECK(result.firstBrokenLink == std::size_t{1});
    CHECK(result.brokenWhy == "link 1 refuses");
    for (const auto& [begin, end] : tried) CHECK(begin == 0);
}

TEST_CASE("a trial part whose output holds a host value beside its tensors trains eagerly, and a graph refuses it by name",
          "[train][forensics]") {
    // rtdetr-r18's decoder side returns its denoising layout (counts, index lists) beside the tensors.
    auto family = chainFamily(/*refuseUnderCapture=*/false);
    family.trainingSeam = [](torch::nn::AnyModule& network) {
        auto net = network.get<ChainNet>();
        families::TrainingSeam seam;
        seam.captured = net->features.ptr();
        seam.capturedForward = [net](const torch::Tensor& x) mutable {
            return c10::IValue(c10::ivalue::Tuple::create({net->body(net->stem(x)), c10::IValue(std::int64_t{3})}));
        };
        seam.rest = [net](const c10::IValue& out, const torch::Tensor& targets) mutable {
            return c10::IValue(net->rest(out.toTupleRef().elements()[0].toTensor(), targets));
        };
        return std::optional<families::TrainingSeam>(std::move(seam));
    };
    for (const auto scope : {families::TrainingGraphScope::None, families::TrainingGraphScope::Network}) {
        auto network = family.build(3);
        network.ptr()->train();
        train::CapturableSgd optimizer(network.ptr()->parameters(), train::SgdOptions{});
        train::GradientScaler scaler(torch::kCPU, {.enabled = false});
        train::TrainingStepOptions options;
        options.graphScope = scope;
        options.captureOnSighting = 1;
        options.backend = std::make_shared<testing::FakeCaptureBackend>();
        options.seam = families::trainingSeamOf(family, network);
        std::vector<std::string> warnings;
        options.warn = [&warnings](const std::string& line) { warnings.push_back(line); };
        train::TrainingStep step(network.ptr(), graphs::forwardOf(network), family, optimizer, scaler, options);
        const auto result = step.run(torch::randn({2, 3, 8, 8}), torch::tensor({1, 2}));
        CHECK(std::isfinite(result.loss.item<double>()));
        CHECK_FALSE(result.replayed);
        if (scope == families::TrainingGraphScope::None) {
            CHECK(warnings.empty());
        } else {
            REQUIRE(warnings.size() == 1);
            CHECK(warnings.front().find("output 1 is a Int, a host value a replay cannot recompute") != std::string::npos);
        }
    }
}
