// YOLOv8's training targets and loss against Ultralytics' v8DetectionLoss (preprocess and __call__),
// on the seeded random labels and head outputs tests/fixtures/ultralytics_loss.py draws and saves with
// its outputs.
#include "PythonReferenceOrSkip.h"
#include "families/TrainingLabels.h"
#include "families/yolo/YoloDetectionLoss.h"
#include "families/yolo/YoloTrainingTargets.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

using namespace graphlens::families;
using namespace graphlens::families::yolo;
using graphlens::testing::NamedTensors;
using graphlens::testing::largestDifference;
using graphlens::testing::tensorNamed;

namespace {

constexpr int kImgsz = 320;  // the fixture's input side
constexpr std::int64_t kBatch = 3;

// The fixture for both the assigner and the loss: its first argument names the part.
graphlens::testing::Reference lossReference(const std::vector<std::string>& args) {
    return graphlens::testing::referenceOrSkip("ultralytics_loss.py", args);
}

// How far a part is from Ultralytics', relative to its size once that exceeds 1.
double relativeDifference(const torch::Tensor& ours, const torch::Tensor& theirs) {
    const auto expected = theirs.item<double>();
    return std::abs(ours.item<double>() - expected) / std::max(1.0, std::abs(expected));
}

bool agrees(const torch::Tensor& ours, const torch::Tensor& theirs) {
    return relativeDifference(ours, theirs) <= 1e-5;
}

TrainingLabels labelsOf(const NamedTensors& ref) {
    return {torch::Tensor(), tensorNamed(ref, "labels")};
}

void checkLossAgainstUltralytics(const std::string& seed, int classes) {
    const auto ref = lossReference({"loss", seed, std::to_string(classes)});
    if (!ref) GRAPHLENS_SKIP_MISSING_REFERENCE(ref.missing);
    const auto raw = tensorNamed(*ref, "raw").clone().requires_grad_(true);
    const auto parts = yoloDetectionLoss(raw, tensorNamed(*ref, "targets"));
    parts.total.backward();

    INFO("relative differences: box " << relativeDifference(parts.box, tensorNamed(*ref, "box")) << ", cls "
                                      << relativeDifference(parts.cls, tensorNamed(*ref, "cls")) << ", dfl "
                                      << relativeDifference(parts.dfl, tensorNamed(*ref, "dfl")) << ", total "
                                      << relativeDifference(parts.total, tensorNamed(*ref, "total")));
    // A zero box part would mean no anchor was foreground and most of the loss went unchecked.
    REQUIRE(tensorNamed(*ref, "box").item<double>() > 0);
    CHECK(agrees(parts.box, tensorNamed(*ref, "box")));
    CHECK(agrees(parts.cls, tensorNamed(*ref, "cls")));
    CHECK(agrees(parts.dfl, tensorNamed(*ref, "dfl")));
    CHECK(agrees(parts.total, tensorNamed(*ref, "total")));

    const auto& expectedGrad = tensorNamed(*ref, "grad");
    const auto gradScale = expectedGrad.abs().max().item<double>();
    const auto gradDifference = largestDifference(raw.grad(), expectedGrad);
    INFO("largest gradient " << gradScale << ", largest difference " << gradDifference);
    CHECK(gradDifference <= 1e-5 * gradScale);

    // The loss runs in fp32 whatever the head's dtype: a half output gives the loss of its fp32 copy.
    const auto half = tensorNamed(*ref, "raw").to(torch::kHalf);
    CHECK(torch::equal(yoloDetectionLoss(half, tensorNamed(*ref, "targets")).total,
                       yoloDetectionLoss(half.to(torch::kFloat), tensorNamed(*ref, "targets")).total));
}

}  // namespace

TEST_CASE("training targets equal Ultralytics' v8DetectionLoss.preprocess", "[yolo][loss]") {
    const auto ref = lossReference({"targets", "5", "7"});
    if (!ref) GRAPHLENS_SKIP_MISSING_REFERENCE(ref.missing);
    const auto& expected = tensorNamed(*ref, "targets");
    const auto ours = yoloTrainingTargets(labelsOf(*ref), kBatch, kImgsz);
    REQUIRE(ours.sizes() == expected.sizes());
    CHECK(largestDifference(ours, expected) <= 1e-4);  // pixels
    CHECK(ours.dtype() == torch::kFloat);

    // Rows interleaved across images keep each image's own order, so the targets do not change.
    const auto& labels = tensorNamed(*ref, "labels");
    const auto images = labels.select(1, 0);
    const auto interleaved = torch::cat({labels.index({images == 2}), labels.index({images == 0})});
    CHECK(torch::equal(yoloTrainingTargets({torch::Tensor(), interleaved}, kBatch, kImgsz), ours));
}

TEST_CASE("training targets of a batch without boxes are one zero row per image", "[yolo][loss]") {
    const auto none = yoloTrainingTargets({torch::Tensor(), torch::zeros({0, 6})}, kBatch, kImgsz);
    REQUIRE(none.sizes() == torch::IntArrayRef({kBatch, 1, 5}));
    CHECK(none.abs().sum().item<double>() == 0.0);
    CHECK(yoloTrainingTargets({}, 2, kImgsz).sizes() == torch::IntArrayRef({2, 1, 5}));
}

TEST_CASE("training targets reject an image index outside the batch and a wrong label shape",
          "[yolo][loss]") {
    const auto row = [](float image) { return torch::tensor({{image, 0.f, 0.5f, 0.5f, 0.1f, 0.1f}}); };
    CHECK_NOTHROW(yoloTrainingTargets({torch::Tensor(), row(1)}, 2, kImgsz));
    CHECK_THROWS_AS(yoloTrainingTargets({torch::Tensor(), row(2)}, 2, kImgsz), std::invalid_argument);
    CHECK_THROWS_AS(yoloTrainingTargets({torch::Tensor(), row(-1)}, 2, kImgsz), std::invalid_argument);
    CHECK_THROWS_AS(yoloTrainingTargets({torch::Tensor(), torch::zeros({2, 5})}, 2, kImgsz),
                    std::invalid_argument);
    CHECK_THROWS_AS(yoloTrainingTargets({torch::Tensor(), row(0)}, 0, kImgsz), std::invalid_argument);
}

TEST_CASE("the loss equals Ultralytics' v8DetectionLoss, 3 classes", "[yolo][loss]") {
    checkLossAgainstUltralytics("1", 3);
}

TEST_CASE("the loss equals Ultralytics' v8DetectionLoss, 5 classes", "[yolo][loss]") {
    checkLossAgainstUltralytics("2", 5);
}

TEST_CASE("a batch without boxes gives a finite loss with zero box and dfl parts, as Ultralytics'",
          "[yolo][loss]") {
    const auto ref = lossReference({"loss", "3", "4", "empty"});
    if (!ref) GRAPHLENS_SKIP_MISSING_REFERENCE(ref.missing);
    REQUIRE(tensorNamed(*ref, "targets").size(1) == 0);
    // Ultralytics' M = 0 targets, and the one zero row per image that yoloTrainingTargets gives.
    for (const auto& targets :
         {tensorNamed(*ref, "targets"), yoloTrainingTargets(labelsOf(*ref), kBatch, kImgsz)}) {
        const auto raw = tensorNamed(*ref, "raw").clone().requires_grad_(true);
        const auto parts = yoloDetectionLoss(raw, targets);
        parts.total.backward();
        CHECK(parts.box.item<double>() == 0.0);
        CHECK(parts.dfl.item<double>() == 0.0);
        CHECK(std::isfinite(parts.total.item<double>()));
        CHECK(agrees(parts.cls, tensorNamed(*ref, "cls")));
        CHECK(agrees(parts.total, tensorNamed(*ref, "total")));
        CHECK(raw.grad().isfinite().all().item<bool>());
        CHECK(raw.grad().narrow(1, 0, 64).abs().sum().item<double>() == 0.0);
    }
}

TEST_CASE("the loss rejects a head output or targets of the wrong shape", "[yolo][loss]") {
    const auto raw = torch::zeros({2, 64 + 3, 2100});
    CHECK_THROWS_AS(yoloDetectionLoss(torch::zeros({2, 64, 2100}), torch::zeros({2, 1, 5})),
                    std::invalid_argument);
    CHECK_THROWS_AS(yoloDetectionLoss(raw, torch::zeros({1, 1, 5})), std::invalid_argument);
    CHECK_THROWS_AS(yoloDetectionLoss(raw, torch::zeros({2, 1, 4})), std::invalid_argument);
    CHECK_THROWS_AS(yoloDetectionLoss(torch::zeros({2, 64 + 3, 2000}), torch::zeros({2, 1, 5})),
                    std::invalid_argument);
}
