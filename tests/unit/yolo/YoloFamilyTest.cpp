// yolo-t as a GraphLens family: its declarations, what its predict postprocess and its training
// targets and loss give on a real network output, and an Ultralytics TorchScript export loaded as a
// user model getting the same postprocess (and computing what yolo-t computes with its weights).
#include "PythonReferenceOrSkip.h"
#include "families/FamilyRegistry.h"
#include "families/InferencePostprocess.h"
#include "families/TorchScriptFamily.h"
#include "families/WeightMapping.h"
#include "families/yolo/YoloHeadLayout.h"
#include "families/yolo/YoloUltralyticsNames.h"
#include "families/yolo/YoloV8.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <filesystem>
#include <regex>
#include <unistd.h>

using namespace graphlens::families;
using graphlens::testing::tensorNamed;

TEST_CASE("yolo-t is registered as a 640 px detector, captured whole, trained at network scope", "[families][yolo]") {
    const auto* family = FamilyRegistry::builtIn().find("yolo-t");
    REQUIRE(family != nullptr);
    CHECK(family->task == "detect");
    CHECK(family->defaultImgsz == 640);
    CHECK(family->numClasses == 80);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    CHECK(family->training.supports(TrainingGraphScope::Network));
    CHECK_FALSE(family->training.supports(TrainingGraphScope::Step));
    CHECK_THAT(family->training.reason, Catch::Contains("assigner"));
    CHECK(family->validationMetric == "mAP50-95");
    auto module = family->build(0);
    CHECK(parameterCount(*module.ptr()) == 3157200);  // Ultralytics' published YOLOv8n count
    // One seed, one set of weights.
    auto again = family->build(0);
    CHECK(torch::equal(module.ptr()->parameters()[0], again.ptr()->parameters()[0]));
}

TEST_CASE("yolo-t's predict postprocess gives one [n, 6] table per image, best score first", "[families][yolo]") {
    const auto* family = FamilyRegistry::builtIn().find("yolo-t");
    REQUIRE(family != nullptr);
    auto network = family->build(0);
    network.ptr()->eval();
    torch::NoGradGuard noGrad;
    auto raw = network.forward(torch::rand({2, 3, 160, 160}, at::make_generator<at::CPUGeneratorImpl>(1)));
    REQUIRE(raw.sizes() == torch::IntArrayRef({2, 64 + 80, 525}));
    // A fresh head starts every class near probability 0 (Ultralytics' bias prior): redraw the class
    // logits so some anchors pass the 0.25 confidence filter.
    raw.narrow(1, 64, 80).copy_(torch::randn({2, 80, 525}, at::make_generator<at::CPUGeneratorImpl>(2)) * 2 - 2);
    const auto output = family->postprocess(raw);
    REQUIRE(output.isTensorList());
    const auto perImage = output.toTensorList();
    REQUIRE(perImage.size() == 2);
    for (const torch::Tensor& table : perImage.vec()) {
        REQUIRE(table.dim() == 2);
        REQUIRE(table.size(1) == 6);
        REQUIRE(table.size(0) > 0);
        CHECK(table.size(0) <= 300);
        const auto scores = table.select(1, 4);
        CHECK(scores.min().item<double>() > 0.25);
        CHECK(torch::equal(scores, std::get<0>(scores.sort(0, /*descending=*/true))));
        CHECK((table.select(1, 2) >= table.select(1, 0)).all().item<bool>());
        const auto classes = table.select(1, 5);
        CHECK(classes.min().item<double>() >= 0);
        CHECK(classes.max().item<double>() < 80);
    }
}

TEST_CASE("yolo-t trains from loader labels: targets, a finite loss and gradients into the head", "[families][yolo]") {
    const auto* family = FamilyRegistry::builtIn().find("yolo-t");
    REQUIRE(family != nullptr);
    auto network = family->build(0);
    network.ptr()->train();
    // image in batch, class, cx, cy, w, h (normalised): two boxes in image 0, none in image 1.
    const TrainingLabels labels{torch::full({2}, -1, torch::kLong),
                                torch::tensor({{0.f, 3.f, 0.5f, 0.5f, 0.4f, 0.3f}, {0.f, 1.f, 0.2f, 0.3f, 0.1f, 0.2f}})};
    const auto targets = family->trainingTargets(labels, 2, 160);
    REQUIRE(targets.sizes() == torch::IntArrayRef({2, 2, 5}));
    CHECK(targets[0][0][0].item<float>() == 3.f);
    CHECK(targets[0][0][1].item<float>() == Approx(0.3 * 160));
    CHECK(targets[1].abs().sum().item<float>() == 0.f);
    const auto images = torch::rand({2, 3, 160, 160}, at::make_generator<at::CPUGeneratorImpl>(3));
    const auto loss = family->loss(network.forward(images), targets);
    REQUIRE(loss.dim() == 0);
    CHECK(std::isfinite(loss.item<double>()));
    CHECK(loss.item<double>() > 0);
    loss.backward();
    std::int64_t withGradient = 0;
    for (const auto& parameter : network.ptr()->parameters()) {
        if (parameter.grad().defined() && parameter.grad().abs().sum().item<double>() > 0) ++withGradient;
    }
    CHECK(withGradient > 100);
}

TEST_CASE("an Ultralytics TorchScript export loads with --task detect and gets yolo-t's postprocess", "[families][yolo]") {
    std::string pattern = std::filesystem::temp_directory_path() / "graphlens-yolo-export-XXXXXX";
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    const std::filesystem::path folder = pattern;
    const auto file = folder / "yolov8n.torchscript";
    const auto reference =
        graphlens::testing::referenceOrSkip("ultralytics_torchscript.py", {file.string(), "320"});
    if (!reference) {
        std::filesystem::remove_all(folder);
        GRAPHLENS_SKIP_MISSING_REFERENCE(reference.missing);
    }
    // One thread on both sides: the same summation order, so the same file gives the same numbers.
    const auto threads = at::get_num_threads();
    at::set_num_threads(1);
    auto family = makeTorchScriptFamily(file.string(), "detect", 320, "off");
    probeTorchScriptFamily(family, torch::Device(torch::kCPU), torch::kFloat);
    CHECK(family.numClasses == 80);
    REQUIRE(family.postprocess);
    auto module = family.build(0);
    torch::NoGradGuard noGrad;
    const auto& input = tensorNamed(*reference, "input");
    const auto exported = firstTensor(module.forward<c10::IValue>(input));
    REQUIRE(exported.sizes() == torch::IntArrayRef({1, 84, 2100}));
    CHECK((exported - tensorNamed(*reference, "output")).abs().max().item<double>() < 1e-5);
    const auto tables = family.postprocess(exported).toTensorList();
    REQUIRE(tables.size() == 1);
    CHECK(torch::Tensor(tables.get(0)).size(1) == 6);

    // The export's own (unfused) weights in yolo-t give what the export computes: decode(raw) == output.
    yolo::YoloV8 network(80);
    std::map<std::string, torch::Tensor> state;
    for (const auto& [name, tensor] : *reference) {
        if (name != "input" && name != "output") state[std::regex_replace(name, std::regex("__"), ".")] = tensor;
    }
    loadMapped(*network, yolo::yoloV8UltralyticsNames(), state);
    network->eval();
    const auto decoded = yolo::decodeYoloHead(network->forward(input));
    const double diff = (decoded - exported).abs().max().item<double>();
    INFO("yolo-t decode vs the TorchScript export: max abs diff " << diff);
    CHECK(diff < 1e-3);  // the export fuses BatchNorm into the convolutions: float rounding, not a difference in math
    at::set_num_threads(threads);
    std::filesystem::remove_all(folder);
}
