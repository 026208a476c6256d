// Validation metrics against hand-computed cases: top-1 accuracy (ignored labels, accumulation,
// shape errors) and FOMO's centroid F1 (class and box matching, each box matched once, empty cases).
#include "train/ValidationMetrics.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

using namespace graphlens::train;

namespace {

// Four samples of three classes: argmax 2, 0, 1, 1.
torch::Tensor fourLogits() {
    return torch::tensor({{0.1f, 0.2f, 0.7f}, {0.9f, 0.05f, 0.05f}, {0.2f, 0.5f, 0.3f}, {0.0f, 3.0f, -1.0f}});
}

}  // namespace

TEST_CASE("topOneAccuracy counts argmax hits and leaves out label -1", "[train][metrics]") {
    const auto logits = fourLogits();
    CHECK(topOneAccuracy(logits, torch::tensor({2, 0, 1, 1}, torch::kLong)) == 1.0);
    CHECK(topOneAccuracy(logits, torch::tensor({2, 1, 0, 1}, torch::kLong)) == 0.5);
    CHECK(topOneAccuracy(logits, torch::tensor({0, 1, 0, 0}, torch::kLong)) == 0.0);
    // Two labelled samples, one right: -1 is neither right nor wrong.
    CHECK(topOneAccuracy(logits, torch::tensor({2, -1, 0, -1}, torch::kLong)) == 0.5);
    CHECK(topOneAccuracy(logits, torch::tensor({2, 0, 1, -1}, torch::kInt)) == 1.0);  // int32 labels too
    CHECK(std::isnan(topOneAccuracy(logits, torch::full({4}, -1, torch::kLong))));
}

TEST_CASE("topOneAccuracy refuses mismatched shapes", "[train][metrics]") {
    const auto logits = fourLogits();
    CHECK_THROWS_AS(topOneAccuracy(logits, torch::tensor({2, 0, 1}, torch::kLong)), std::invalid_argument);
    CHECK_THROWS_AS(topOneAccuracy(logits.view(-1), torch::tensor({2, 0, 1, 1}, torch::kLong)),
                    std::invalid_argument);
    CHECK_THROWS_AS(topOneAccuracy(logits, torch::tensor({2.0f, 0.0f, 1.0f, 1.0f})), std::invalid_argument);
}

TEST_CASE("TopOneCounter accumulates over batches", "[train][metrics]") {
    TopOneCounter counter;
    CHECK(counter.count() == 0);
    CHECK(std::isnan(counter.value()));
    counter.add(fourLogits(), torch::tensor({2, 0, 0, -1}, torch::kLong));          // 2 of 3
    counter.add(fourLogits().slice(0, 0, 2), torch::tensor({1, 0}, torch::kLong));  // 1 of 2
    CHECK(counter.count() == 5);
    CHECK(counter.correct() == 3);
    CHECK(counter.value() == Approx(0.6));
}

TEST_CASE("CentroidF1Counter matches points to boxes of their class", "[train][metrics]") {
    // Two boxes of class 1 and one of class 2.
    const std::vector<CentroidBox> boxes{
        {1, 0.25f, 0.25f, 0.2f, 0.2f}, {1, 0.75f, 0.75f, 0.2f, 0.2f}, {2, 0.5f, 0.5f, 0.1f, 0.1f}};
    CentroidF1Counter counter;
    counter.addImage({{1, 0.26f, 0.24f},   // in box 0: TP
                      {1, 0.27f, 0.25f},   // box 0 taken, box 1 does not contain it: FP
                      {2, 0.74f, 0.76f},   // inside box 1 but the wrong class: FP
                      {2, 0.52f, 0.48f}},  // in box 2: TP
                     boxes);               // box 1 unmatched: FN
    CHECK(counter.truePositives() == 2);
    CHECK(counter.falsePositives() == 2);
    CHECK(counter.falseNegatives() == 1);
    CHECK(counter.images() == 1);
    CHECK(counter.precision() == Approx(0.5));
    CHECK(counter.recall() == Approx(2.0 / 3.0));
    CHECK(counter.f1() == Approx(4.0 / 7.0));  // 2*2 / (2*2 + 2 + 1)

    // A second image: one perfect hit, adds to the totals.
    counter.addImage({{3, 0.1f, 0.9f}}, {{3, 0.1f, 0.9f, 0.05f, 0.05f}});
    CHECK(counter.truePositives() == 3);
    CHECK(counter.f1() == Approx(6.0 / 9.0));
    CHECK(counter.images() == 2);
}

TEST_CASE("CentroidF1Counter gives overlapping boxes to the nearest centre, each once", "[train][metrics]") {
    // Both boxes contain both points. The first point is nearer box 1's centre; the second then
    // takes box 0 (the only one left). Matching by first box instead would also give 2 TP here, so
    // the third point, with no box left, checks "each box at most once".
    const std::vector<CentroidBox> boxes{{0, 0.4f, 0.5f, 0.6f, 0.6f}, {0, 0.6f, 0.5f, 0.6f, 0.6f}};
    CentroidF1Counter counter;
    counter.addImage({{0, 0.62f, 0.5f}, {0, 0.61f, 0.5f}, {0, 0.5f, 0.5f}}, boxes);
    CHECK(counter.truePositives() == 2);
    CHECK(counter.falsePositives() == 1);
    CHECK(counter.falseNegatives() == 0);

    // The rule is nearest centre, not first box: 0.55 is in both boxes but nearer box 1 (0.05 vs
    // 0.15) and takes it, so 0.85, which only box 1 contains, finds it taken. (Greedy: the point
    // order decides, as the matching is defined.)
    CentroidF1Counter nearest;
    nearest.addImage({{0, 0.55f, 0.5f}, {0, 0.85f, 0.5f}}, boxes);
    CHECK(nearest.truePositives() == 1);
    CHECK(nearest.falsePositives() == 1);
    CHECK(nearest.falseNegatives() == 1);
    CentroidF1Counter inside;
    inside.addImage({{0, 0.45f, 0.5f}, {0, 0.85f, 0.5f}}, boxes);
    CHECK(inside.truePositives() == 2);  // 0.45 takes box 0, 0.85 takes box 1
}

TEST_CASE("CentroidF1Counter counts a point on a box edge as inside", "[train][metrics]") {
    CentroidF1Counter counter;
    counter.addImage({{0, 0.5f, 0.5f}, {0, 0.75f, 0.75f}},
                     {{0, 0.625f, 0.625f, 0.25f, 0.25f}, {0, 0.5f, 0.5f, 0.0f, 0.0f}});
    CHECK(counter.truePositives() == 2);
}

TEST_CASE("CentroidF1Counter's empty cases", "[train][metrics]") {
    SECTION("nothing to find and nothing claimed") {
        CentroidF1Counter counter;
        CHECK(counter.f1() == 1.0);
        counter.addImage({}, {});
        CHECK(counter.f1() == 1.0);
        CHECK(counter.precision() == 1.0);
        CHECK(counter.recall() == 1.0);
        CHECK(counter.images() == 1);
    }
    SECTION("ground truth, no predictions") {
        CentroidF1Counter counter;
        counter.addImage({}, {{0, 0.5f, 0.5f, 0.1f, 0.1f}, {1, 0.2f, 0.2f, 0.1f, 0.1f}});
        CHECK(counter.f1() == 0.0);
        CHECK(counter.precision() == 1.0);
        CHECK(counter.recall() == 0.0);
        CHECK(counter.falseNegatives() == 2);
    }
    SECTION("predictions, no ground truth") {
        CentroidF1Counter counter;
        counter.addImage({{0, 0.5f, 0.5f}}, {});
        CHECK(counter.f1() == 0.0);
        CHECK(counter.precision() == 0.0);
        CHECK(counter.recall() == 1.0);
        CHECK(counter.falsePositives() == 1);
    }
}
