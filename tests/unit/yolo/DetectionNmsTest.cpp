// nms / batchedNms against a brute-force greedy NMS written here in plain loops, and against
// torchvision.ops.nms / batched_nms (tests/fixtures/torchvision_nms.py).
#include "families/yolo/DetectionNms.h"

#include "PythonReferenceOrSkip.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace {

using graphlens::families::yolo::batchedNms;
using graphlens::families::yolo::nms;

// The definition, box by box: rank by score (equal scores: lower index first), keep a box unless a
// kept box ranked above it (of its class, when classes are given) overlaps it with IoU > threshold.
// IoU in fp32 as torchvision writes it, so that borderline pairs decide alike.
std::vector<std::int64_t> bruteForceNms(const torch::Tensor& boxes, const torch::Tensor& scores,
                                        const torch::Tensor& classes, double threshold) {
    const auto corners = boxes.to(torch::kFloat).contiguous();
    const auto score = scores.to(torch::kDouble).contiguous();
    const auto label = classes.defined() ? classes.to(torch::kDouble).contiguous() : torch::zeros_like(score);
    const auto b = corners.accessor<float, 2>();
    const auto s = score.accessor<double, 1>();
    const auto c = label.accessor<double, 1>();
    const auto count = corners.size(0);
    std::vector<std::int64_t> order(static_cast<std::size_t>(count));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t x, std::int64_t y) { return s[x] > s[y]; });
    const auto area = [&](std::int64_t i) { return (b[i][2] - b[i][0]) * (b[i][3] - b[i][1]); };
    std::vector<bool> suppressed(static_cast<std::size_t>(count), false);
    std::vector<std::int64_t> kept;
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const auto i = order[rank];
        if (suppressed[static_cast<std::size_t>(i)]) continue;
        kept.push_back(i);
        for (std::size_t later = rank + 1; later < order.size(); ++later) {
            const auto j = order[later];
            if (c[i] != c[j]) continue;
            const float w = std::max(0.0f, std::min(b[i][2], b[j][2]) - std::max(b[i][0], b[j][0]));
            const float h = std::max(0.0f, std::min(b[i][3], b[j][3]) - std::max(b[i][1], b[j][1]));
            const float intersection = w * h;
            const float iou = intersection / (area(i) + area(j) - intersection);
            if (iou > threshold) suppressed[static_cast<std::size_t>(j)] = true;
        }
    }
    return kept;
}

std::vector<std::int64_t> toVector(const torch::Tensor& indices) {
    REQUIRE(indices.scalar_type() == torch::kLong);
    REQUIRE(indices.dim() == 1);
    const auto onCpu = indices.cpu().contiguous();
    return {onCpu.data_ptr<std::int64_t>(), onCpu.data_ptr<std::int64_t>() + onCpu.numel()};
}

// Detection-like boxes in a 640 image, 10-200 px, many of them jittered copies of a few objects so
// that overlaps near every threshold occur.
torch::Tensor randomBoxes(std::int64_t count) {
    const auto objects = std::max<std::int64_t>(1, count / 8);
    const auto owner = torch::randint(objects, {count});
    const auto objectCentre = torch::rand({objects, 2}) * 640;
    const auto objectSize = 10 + torch::rand({objects, 2}) * 190;
    const auto size = (objectSize.index_select(0, owner) * (1 + 0.1 * torch::randn({count, 2}))).clamp(10, 200);
    const auto centre = objectCentre.index_select(0, owner) + 0.1 * size * torch::randn({count, 2});
    return torch::cat({centre - size / 2, centre + size / 2}, 1);
}

// Few distinct values, so that many boxes tie.
torch::Tensor tiedScores(std::int64_t count) { return torch::randint(0, 6, {count}).to(torch::kFloat) / 6; }

}  // namespace

TEST_CASE("nms equals a brute-force greedy NMS on random boxes with tied scores", "[yolo][nms]") {
    torch::manual_seed(11);
    for (const std::int64_t count : {1, 2, 40, 700, 2100}) {  // 2100 spans three of NMS's blocks
        const auto boxes = randomBoxes(count);
        const auto scores = tiedScores(count);
        const auto classes = torch::randint(0, 4, {count});
        for (const double threshold : {0.4, 0.7}) {
            CAPTURE(count, threshold);
            CHECK(toVector(nms(boxes, scores, threshold)) == bruteForceNms(boxes, scores, torch::Tensor(), threshold));
            CHECK(toVector(batchedNms(boxes, scores, classes, threshold)) ==
                  bruteForceNms(boxes, scores, classes, threshold));
        }
    }
}

TEST_CASE("nms ranks equal scores by index: the lower index is kept", "[yolo][nms]") {
    const auto boxes = torch::tensor({{0.f, 0.f, 100.f, 100.f}, {1.f, 1.f, 100.f, 100.f}, {300.f, 300.f, 310.f, 310.f}});
    CHECK(toVector(nms(boxes, torch::tensor({0.5f, 0.5f, 0.5f}), 0.7)) == std::vector<std::int64_t>{0, 2});
    CHECK(toVector(nms(boxes.flip(0), torch::tensor({0.5f, 0.5f, 0.5f}), 0.7)) == std::vector<std::int64_t>{0, 1});
    // Scores decide before indices do.
    CHECK(toVector(nms(boxes, torch::tensor({0.4f, 0.5f, 0.5f}), 0.7)) == std::vector<std::int64_t>{1, 2});
}

TEST_CASE("nms suppresses only above the threshold, comparing the fp32 IoU as torchvision does", "[yolo][nms]") {
    const auto scores = torch::tensor({0.9f, 0.8f});
    // IoU exactly 0.5: not above 0.5.
    const auto half = torch::tensor({{0.f, 0.f, 10.f, 10.f}, {0.f, 0.f, 10.f, 5.f}});
    CHECK(toVector(nms(half, scores, 0.5)) == std::vector<std::int64_t>{0, 1});
    CHECK(toVector(nms(half, scores, 0.49)) == std::vector<std::int64_t>{0});
    // IoU 3/10 rounds to 0.300000012 in fp32, which is above the double 0.3 (torchvision suppresses),
    // but equal to 0.3 rounded to fp32.
    const auto tenth = torch::tensor({{0.f, 0.f, 10.f, 1.f}, {0.f, 0.f, 3.f, 1.f}});
    CHECK(toVector(nms(tenth, scores, 0.3)) == std::vector<std::int64_t>{0});
    CHECK(toVector(nms(tenth, scores, 0.30000002)) == std::vector<std::int64_t>{0, 1});
}

TEST_CASE("nms handles identical boxes, zero-area boxes, one box and no box", "[yolo][nms]") {
    const auto identical = torch::tensor({10.f, 20.f, 50.f, 80.f}).repeat({5, 1});
    CHECK(toVector(nms(identical, torch::tensor({0.2f, 0.9f, 0.4f, 0.9f, 0.1f}), 0.7)) == std::vector<std::int64_t>{1});
    CHECK(toVector(batchedNms(identical, torch::tensor({0.2f, 0.9f, 0.4f, 0.9f, 0.1f}), torch::tensor({0, 1, 1, 0, 2}),
                              0.7)) == std::vector<std::int64_t>{1, 3, 4});

    // Two identical points have IoU 0/0 (NaN), which is not above any threshold; a point inside a box has IoU 0.
    const auto degenerate = torch::tensor(
        {{5.f, 5.f, 5.f, 5.f}, {5.f, 5.f, 5.f, 5.f}, {0.f, 0.f, 10.f, 10.f}, {0.f, 5.f, 10.f, 5.f}, {0.f, 0.f, 10.f, 10.f}});
    const auto scores = torch::tensor({0.9f, 0.8f, 0.7f, 0.6f, 0.5f});
    CHECK(toVector(nms(degenerate, scores, 0.5)) == std::vector<std::int64_t>{0, 1, 2, 3});
    CHECK(toVector(nms(degenerate, scores, 0.5)) == bruteForceNms(degenerate, scores, torch::Tensor(), 0.5));

    CHECK(toVector(nms(torch::tensor({{1.f, 2.f, 3.f, 4.f}}), torch::tensor({0.3f}), 0.7)) == std::vector<std::int64_t>{0});

    const auto none = nms(torch::empty({0, 4}), torch::empty({0}), 0.7);
    CHECK(none.scalar_type() == torch::kLong);
    CHECK(none.dim() == 1);
    CHECK(none.size(0) == 0);
    CHECK(batchedNms(torch::empty({0, 4}), torch::empty({0}), torch::empty({0}, torch::kLong), 0.7).numel() == 0);
}

TEST_CASE("nms computes IoU in fp32 for any float dtype", "[yolo][nms]") {
    torch::manual_seed(5);
    const auto boxes = randomBoxes(300);
    const auto scores = torch::rand({300});
    for (const auto dtype : {torch::kHalf, torch::kBFloat16, torch::kDouble}) {
        CAPTURE(dtype);
        const auto typedBoxes = boxes.to(dtype);
        const auto typedScores = scores.to(dtype);
        CHECK(toVector(nms(typedBoxes, typedScores, 0.6)) == bruteForceNms(typedBoxes, typedScores, torch::Tensor(), 0.6));
    }
}

TEST_CASE("nms rejects malformed inputs with invalid_argument", "[yolo][nms]") {
    const auto boxes = torch::rand({6, 4});
    const auto scores = torch::rand({6});
    CHECK_THROWS_AS(nms(torch::rand({6, 5}), scores, 0.7), std::invalid_argument);
    CHECK_THROWS_AS(nms(torch::rand({24}), scores, 0.7), std::invalid_argument);
    CHECK_THROWS_AS(nms(boxes, torch::rand({5}), 0.7), std::invalid_argument);
    CHECK_THROWS_AS(nms(boxes.to(torch::kInt), scores, 0.7), std::invalid_argument);
    CHECK_THROWS_AS(nms(boxes, scores, std::nan("")), std::invalid_argument);
    CHECK_THROWS_AS(batchedNms(boxes, scores, torch::zeros({5}), 0.7), std::invalid_argument);
    CHECK_THROWS_AS(batchedNms(boxes, scores, torch::Tensor(), 0.7), std::invalid_argument);
}

TEST_CASE("nms and batchedNms equal torchvision.ops.nms and batched_nms", "[yolo][nms]") {
    const auto reference = graphlens::testing::referenceOrSkip("torchvision_nms.py", {"nms"});
    if (!reference) GRAPHLENS_SKIP_MISSING_REFERENCE(reference.missing);
    using graphlens::testing::tensorNamed;
    for (const std::string count : {"200", "3000"}) {
        const auto& boxes = tensorNamed(*reference, "boxes" + count);
        const auto& scores = tensorNamed(*reference, "scores" + count);
        const auto& classes = tensorNamed(*reference, "classes" + count);
        for (const std::string threshold : {"50", "70"}) {
            CAPTURE(count, threshold);
            const double iou = std::stod(threshold) / 100;
            CHECK(toVector(nms(boxes, scores, iou)) == toVector(tensorNamed(*reference, "keep" + count + "iou" + threshold)));
            CHECK(toVector(batchedNms(boxes, scores, classes, iou)) ==
                  toVector(tensorNamed(*reference, "batched" + count + "iou" + threshold)));
        }
    }
    // torchvision's CPU kernel sorts stably, the tie rule here.
    CHECK(toVector(nms(tensorNamed(*reference, "boxesTies"), tensorNamed(*reference, "scoresTies"), 0.7)) ==
          toVector(tensorNamed(*reference, "keepTies")));
}

TEST_CASE("nms gives the same result on CUDA tensors", "[yolo][nms][cuda]") {
    if (!torch::cuda::is_available()) GRAPHLENS_SKIP("no CUDA device");
    torch::manual_seed(3);
    // 9000 boxes: three blocks on a GPU, nine on the CPU.
    const auto boxes = randomBoxes(9000);
    const auto scores = torch::rand({9000});
    const auto classes = torch::randint(0, 4, {9000});
    const auto onDevice = batchedNms(boxes.cuda(), scores.cuda(), classes.cuda(), 0.7);
    CHECK(onDevice.is_cuda());
    CHECK(toVector(onDevice) == toVector(batchedNms(boxes, scores, classes, 0.7)));
    CHECK(toVector(nms(boxes.cuda(), scores.cuda(), 0.5)) == toVector(nms(boxes, scores, 0.5)));
}
