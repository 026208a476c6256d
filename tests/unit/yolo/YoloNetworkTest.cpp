// yolo-t's network against Ultralytics' DetectionModel("yolov8n.yaml"), built by
// tests/fixtures/ultralytics_yolov8.py in the project venv: layout, initialisation and outputs.
#include "PythonReferenceOrSkip.h"
#include "families/Family.h"
#include "families/WeightMapping.h"
#include "families/yolo/YoloHeadLayout.h"
#include "families/yolo/YoloUltralyticsNames.h"
#include "families/yolo/YoloV8.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace graphlens::families;
using namespace graphlens::families::yolo;
using graphlens::testing::NamedTensors;
using graphlens::testing::OneThread;
using graphlens::testing::savedStateDict;
using graphlens::testing::tensorNamed;

namespace {

// mode: "" for a freshly built model, "eval" or "train" for redrawn weights and outputs (see the script).
graphlens::testing::Reference ultralyticsReference(const std::string& mode) {
    return graphlens::testing::referenceOrSkip(
        "ultralytics_yolov8.py", mode.empty() ? std::vector<std::string>{} : std::vector<std::string>{mode});
}

YoloV8 networkWithUltralyticsWeights(const NamedTensors& saved) {
    YoloV8 network(80);
    loadMapped(*network, yoloV8UltralyticsNames(), savedStateDict(saved));
    return network;
}

double maxAbsDiff(const torch::Tensor& actual, const torch::Tensor& expected) {
    REQUIRE(actual.sizes() == expected.sizes());
    return (actual - expected).abs().max().item<double>();
}

std::vector<torch::nn::BatchNorm2dImpl*> batchNorms(YoloV8& network) {
    std::vector<torch::nn::BatchNorm2dImpl*> norms;
    for (const auto& module : network->modules(/*include_self=*/false)) {
        if (auto* norm = module->as<torch::nn::BatchNorm2d>()) norms.push_back(norm);
    }
    return norms;
}

}  // namespace

TEST_CASE("yolo-t has YOLOv8n's parameter count, as Ultralytics counts it", "[families][yolo]") {
    const auto saved = ultralyticsReference("");
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    const auto at80 = parameterCount(*YoloV8(80));
    const auto at3 = parameterCount(*YoloV8(3));
    std::cout << "parameters: " << at80 << " at 80 classes, " << at3 << " at 3 classes\n";
    CHECK(at80 == 3157200);  // Ultralytics' YOLOv8n summary, the DFL's 16 fixed weights included
    CHECK(at80 == tensorNamed(*saved, "params_nc80").item<std::int64_t>());
    CHECK(at3 == tensorNamed(*saved, "params_nc3").item<std::int64_t>());
}

TEST_CASE("yolo-t's parameters and buffers map one-to-one onto Ultralytics' state_dict", "[families][yolo]") {
    const auto saved = ultralyticsReference("");
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    YoloV8 network(80);
    const auto reference = savedStateDict(*saved);
    const auto check = checkMapping(yoloV8UltralyticsNames(), namedState(*network), reference);
    INFO(check.describe());
    CHECK(check.ok());
    CHECK(reference.size() == 355);  // 57 norms x 6 entries, 12 head conv weights and biases, the DFL weight
    CHECK(namedState(*network).size() == reference.size());
    CHECK(network->named_parameters().contains("model.22.dfl.conv.weight"));
}

TEST_CASE("a fresh yolo-t starts as Ultralytics' does: BatchNorm settings, head biases, DFL", "[families][yolo]") {
    const auto saved = ultralyticsReference("");
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    YoloV8 network(80);
    const auto norms = batchNorms(network);
    const auto eps = tensorNamed(*saved, "bn_eps"), momentum = tensorNamed(*saved, "bn_momentum");
    REQUIRE(eps.numel() == 1);  // one setting for every norm
    REQUIRE(momentum.numel() == 1);
    CHECK(static_cast<std::int64_t>(norms.size()) == tensorNamed(*saved, "bn_count").item<std::int64_t>());
    for (const auto* norm : norms) {
        CHECK(norm->options.eps() == Approx(eps.item<double>()));
        REQUIRE(norm->options.momentum().has_value());
        CHECK(*norm->options.momentum() == Approx(momentum.item<double>()));
    }
    const auto state = namedState(*network);
    for (int level = 0; level < 3; ++level) {
        const auto box = "model.22.cv2." + std::to_string(level) + ".2.bias";
        const auto cls = "model.22.cv3." + std::to_string(level) + ".2.bias";
        CAPTURE(level);
        CHECK(maxAbsDiff(state.at(box), tensorNamed(*saved, "init_box_bias" + std::to_string(level))) < 1e-6);
        CHECK(maxAbsDiff(state.at(cls), tensorNamed(*saved, "init_class_bias" + std::to_string(level))) < 1e-6);
    }
    const auto& dfl = state.at("model.22.dfl.conv.weight");
    CHECK(torch::equal(dfl, torch::arange(kRegMax, torch::kFloat).view({1, kRegMax, 1, 1})));
    CHECK_FALSE(dfl.requires_grad());
}

TEST_CASE("yolo-t with Ultralytics' weights gives its eval outputs, raw and decoded", "[families][yolo]") {
    const auto saved = ultralyticsReference("eval");
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    auto network = networkWithUltralyticsWeights(*saved);
    network->eval();
    torch::NoGradGuard noGrad;
    OneThread oneThread;
    for (const std::string input : {"in640", "in320"}) {
        CAPTURE(input);
        const auto raw = network(tensorNamed(*saved, input));
        const auto decoded = decodeYoloHead(raw);
        const auto& expected = tensorNamed(*saved, input + "_decoded");
        const auto rawDiff = maxAbsDiff(raw, tensorNamed(*saved, input + "_raw"));
        const auto boxDiff = maxAbsDiff(decoded.narrow(1, 0, 4), expected.narrow(1, 0, 4));
        const auto scoreDiff = maxAbsDiff(decoded.narrow(1, 4, 80), expected.narrow(1, 4, 80));
        std::cout << input << ": raw max |diff| " << rawDiff << "; decoded: boxes " << boxDiff << " px, scores "
                  << scoreDiff << "\n";
        CHECK(rawDiff <= 1e-4);
        CHECK(scoreDiff <= 1e-4);
        CHECK(boxDiff <= 1e-4);
    }
}

TEST_CASE("yolo-t in train mode gives Ultralytics' raw output and running statistics", "[families][yolo]") {
    const auto saved = ultralyticsReference("train");
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    auto network = networkWithUltralyticsWeights(*saved);
    network->train();
    torch::NoGradGuard noGrad;
    OneThread oneThread;
    const auto& input = tensorNamed(*saved, "in320");
    const auto raw = network(input);
    CHECK(raw.sizes() == torch::IntArrayRef({input.size(0), 4 * kRegMax + 80, 2100}));
    const auto rawDiff = maxAbsDiff(raw, tensorNamed(*saved, "in320_train_raw"));
    std::cout << "train raw max |diff| " << rawDiff << "\n";
    CHECK(rawDiff <= 1e-4);
    // The step's update of the running statistics shows the momentum at work, first norm and last.
    const auto state = namedState(*network);
    for (const std::string norm : {"model.0.bn", "model.22.cv3.2.1.bn"}) {
        for (const std::string stat : {"running_mean", "running_var"}) {
            auto key = "trained__" + norm + "__" + stat;
            for (auto at = key.find('.'); at != std::string::npos; at = key.find('.')) key.replace(at, 1, "__");
            const auto diff = maxAbsDiff(state.at(norm + "." + stat), tensorNamed(*saved, key));
            std::cout << norm << "." << stat << " after the step: max |diff| " << diff << "\n";
            CHECK(diff <= 1e-5);
        }
    }
}

TEST_CASE("yolo-t rejects inputs and settings it cannot take", "[families][yolo]") {
    YoloV8 network(3);
    torch::NoGradGuard noGrad;
    CHECK_THROWS_AS(network(torch::zeros({1, 3, 48, 64})), std::invalid_argument);  // 48 is no multiple of 32
    CHECK_THROWS_AS(network(torch::zeros({1, 1, 64, 64})), std::invalid_argument);
    CHECK_THROWS_AS(network(torch::zeros({3, 64, 64})), std::invalid_argument);
    CHECK(network(torch::zeros({1, 3, 64, 96})).sizes() == torch::IntArrayRef({1, 4 * kRegMax + 3, 8 * 12 + 4 * 6 + 2 * 3}));
    CHECK_THROWS_AS(YoloV8(0), std::invalid_argument);
    CHECK_THROWS_AS(YoloV8(80, YoloV8Scale{0.0, 0.33, 1024}), std::invalid_argument);
}
