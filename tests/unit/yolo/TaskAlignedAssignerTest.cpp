// The task-aligned assigner and its CIoU against Ultralytics' TaskAlignedAssigner and bbox_iou, on the
// seeded random inputs tests/fixtures/ultralytics_loss.py draws and saves with its outputs.
#include "PythonReferenceOrSkip.h"
#include "families/yolo/BoxIou.h"
#include "families/yolo/TaskAlignedAssigner.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <optional>
#include <string>

using namespace graphlens::families::yolo;
using graphlens::testing::NamedTensors;
using graphlens::testing::largestDifference;
using graphlens::testing::tensorNamed;

namespace {

// The fixture for both the assigner and the loss: its first argument names the part.
graphlens::testing::Reference reference(const std::vector<std::string>& args) {
    return graphlens::testing::referenceOrSkip("ultralytics_loss.py", args);
}

TaskAlignedAssignment assignLikeReference(const NamedTensors& ref, int classes) {
    return TaskAlignedAssigner(classes).assign(tensorNamed(ref, "predScores"), tensorNamed(ref, "predBoxes"),
                                               tensorNamed(ref, "anchorPoints"), tensorNamed(ref, "gtLabels"),
                                               tensorNamed(ref, "gtBoxes"), tensorNamed(ref, "gtMask"));
}

void checkAssignmentAgainstUltralytics(const std::string& seed, int classes) {
    const auto ref = reference({"assigner", seed, std::to_string(classes)});
    if (!ref) GRAPHLENS_SKIP_MISSING_REFERENCE(ref.missing);
    // The inputs must reach every branch: some anchors positive, some claimed by two boxes.
    const auto& foreground = tensorNamed(*ref, "foreground");
    REQUIRE(foreground.any().item<bool>());
    REQUIRE(tensorNamed(*ref, "contested").item<std::int64_t>() > 0);

    const auto ours = assignLikeReference(*ref, classes);
    CHECK(torch::equal(ours.foreground, foreground));
    CHECK(torch::equal(ours.gtIndex.masked_select(foreground),
                       tensorNamed(*ref, "gtIndex").masked_select(foreground)));
    CHECK(torch::equal(ours.labels, tensorNamed(*ref, "labels")));
    const auto boxDifference = largestDifference(ours.boxes, tensorNamed(*ref, "boxes"));
    const auto scoreDifference = largestDifference(ours.scores, tensorNamed(*ref, "scores"));
    INFO("foreground anchors " << foreground.sum().item<std::int64_t>() << ", largest box difference "
                               << boxDifference << " px, largest score difference " << scoreDifference);
    CHECK(boxDifference <= 1e-6);
    CHECK(scoreDifference <= 1e-6);
    CHECK(ours.scores.dtype() == torch::kFloat);
}

}  // namespace

TEST_CASE("CIoU and IoU equal Ultralytics' bbox_iou on overlapping, disjoint, nested and identical boxes",
          "[yolo][loss]") {
    const auto ref = reference({"ciou", "3", "1"});
    if (!ref) GRAPHLENS_SKIP_MISSING_REFERENCE(ref.missing);
    const auto first = tensorNamed(*ref, "first").clone().requires_grad_(true);
    const auto second = tensorNamed(*ref, "second").clone().requires_grad_(true);
    const auto ciou = completeBoxIou(first, second);
    ciou.sum().backward();
    const auto iou = boxIou(first.detach(), second.detach());

    CHECK(largestDifference(iou, tensorNamed(*ref, "iou")) <= 1e-6);
    CHECK(largestDifference(ciou, tensorNamed(*ref, "ciou")) <= 1e-6);
    // The aspect term's weight is a constant in backward; differentiating it too would change these.
    const auto gradScale = tensorNamed(*ref, "gradFirst").abs().max().item<double>();
    CHECK(largestDifference(first.grad(), tensorNamed(*ref, "gradFirst")) <= 1e-5 * gradScale);
    CHECK(largestDifference(second.grad(), tensorNamed(*ref, "gradSecond")) <= 1e-5 * gradScale);
    // The fixture's first 8 pairs are identical boxes, the next 8 far apart.
    CHECK((ciou.detach().narrow(0, 0, 8) > 0.999).all().item<bool>());
    CHECK((ciou.detach().narrow(0, 8, 8) < 0).all().item<bool>());
    CHECK((iou.narrow(0, 8, 8) == 0).all().item<bool>());
}

TEST_CASE("CIoU pairs boxes element by element over broadcast leading dimensions", "[yolo][loss]") {
    const auto boxes = torch::tensor({{0.f, 0.f, 10.f, 10.f}, {5.f, 5.f, 15.f, 20.f}});
    const auto table = completeBoxIou(boxes.unsqueeze(1), boxes.unsqueeze(0));  // [2, 2]
    REQUIRE(table.sizes() == torch::IntArrayRef({2, 2}));
    CHECK(table[0][1].item<double>() == Approx(completeBoxIou(boxes[0], boxes[1]).item<double>()));
    CHECK_THROWS_AS(completeBoxIou(torch::zeros({3, 5}), torch::zeros({3, 4})), std::invalid_argument);
}

TEST_CASE("the task-aligned assigner equals Ultralytics' on random predictions, 3 classes", "[yolo][loss]") {
    checkAssignmentAgainstUltralytics("1", 3);
}

TEST_CASE("the task-aligned assigner equals Ultralytics' on random predictions, 5 classes", "[yolo][loss]") {
    checkAssignmentAgainstUltralytics("2", 5);
}

TEST_CASE("the task-aligned assigner leaves every anchor background when the batch has no box",
          "[yolo][loss]") {
    const auto ref = reference({"assigner", "3", "4", "empty"});
    if (!ref) GRAPHLENS_SKIP_MISSING_REFERENCE(ref.missing);
    REQUIRE(tensorNamed(*ref, "gtBoxes").size(1) == 0);
    const auto ours = assignLikeReference(*ref, 4);
    CHECK_FALSE(ours.foreground.any().item<bool>());
    CHECK(torch::equal(ours.labels, tensorNamed(*ref, "labels").to(torch::kLong)));
    CHECK(torch::equal(ours.scores, tensorNamed(*ref, "scores")));

    // Padding rows only (the shape yoloTrainingTargets gives such a batch): still no foreground.
    const auto batch = tensorNamed(*ref, "predScores").size(0);
    const auto padded = TaskAlignedAssigner(4).assign(
        tensorNamed(*ref, "predScores"), tensorNamed(*ref, "predBoxes"), tensorNamed(*ref, "anchorPoints"),
        torch::zeros({batch, 1, 1}), torch::zeros({batch, 1, 4}), torch::zeros({batch, 1, 1}));
    CHECK_FALSE(padded.foreground.any().item<bool>());
    CHECK(padded.scores.abs().sum().item<double>() == 0.0);
}

TEST_CASE("the task-aligned assigner rejects inputs of the wrong shape", "[yolo][loss]") {
    const TaskAlignedAssigner assigner(3);
    const auto scores = torch::rand({1, 21, 3});
    const auto boxes = torch::rand({1, 21, 4});
    const auto points = torch::rand({21, 2});
    const auto labels = torch::zeros({1, 2, 1});
    const auto gt = torch::rand({1, 2, 4});
    const auto mask = torch::ones({1, 2, 1});
    CHECK_NOTHROW(assigner.assign(scores, boxes, points, labels, gt, mask));
    CHECK_THROWS_AS(assigner.assign(torch::rand({1, 21, 4}), boxes, points, labels, gt, mask),
                    std::invalid_argument);
    CHECK_THROWS_AS(assigner.assign(scores, boxes, torch::rand({20, 2}), labels, gt, mask),
                    std::invalid_argument);
    CHECK_THROWS_AS(assigner.assign(scores, boxes, points, labels, gt, torch::ones({1, 3, 1})),
                    std::invalid_argument);
    CHECK_THROWS_AS(TaskAlignedAssigner(0), std::invalid_argument);
}
