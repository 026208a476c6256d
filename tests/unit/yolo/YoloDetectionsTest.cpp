// yoloDetections against Ultralytics' non_max_suppression (tests/fixtures/torchvision_nms.py), and
// its caps, edge cases and input checks on inputs drawn here.
#include "families/yolo/YoloDetections.h"

#include "PythonReferenceOrSkip.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <stdexcept>
#include <string>

namespace {

using graphlens::families::yolo::DetectionOptions;
using graphlens::families::yolo::yoloDetections;

// A decoded head output [batch, 4 + classes, anchors]: boxes around a few objects (so NMS suppresses
// some), scores uniform in [0, 0.35) so that about a tenth of the class scores pass 0.25.
torch::Tensor randomDecoded(std::int64_t batch, std::int64_t classes, std::int64_t anchors) {
    const auto owner = torch::randint(20, {batch, anchors});
    const auto objectCentre = torch::rand({20, 2}) * 640;
    const auto size = (10 + torch::rand({batch, anchors, 2}) * 190);
    const auto centre = objectCentre.index({owner}) + 0.05 * size * torch::randn({batch, anchors, 2});
    const auto scores = torch::rand({batch, anchors, classes}) * 0.35;
    return torch::cat({centre, size, scores}, 2).transpose(1, 2).contiguous();
}

// Equal detections: same count and order, boxes and scores within 1e-5, classes equal.
void checkSameDetections(const torch::Tensor& ours, const torch::Tensor& reference) {
    REQUIRE(ours.scalar_type() == torch::kFloat);
    REQUIRE(ours.dim() == 2);
    REQUIRE(ours.size(1) == 6);
    REQUIRE(ours.size(0) == reference.size(0));
    if (ours.size(0) == 0) return;
    const auto ref = reference.to(torch::kFloat);
    const double largestDifference = (ours.narrow(1, 0, 5) - ref.narrow(1, 0, 5)).abs().max().item<double>();
    CHECK(largestDifference <= 1e-5);
    CHECK(torch::equal(ours.select(1, 5), ref.select(1, 5)));
}

}  // namespace

TEST_CASE("yoloDetections equals Ultralytics' non_max_suppression, caps included", "[yolo][nms]") {
    const auto reference = graphlens::testing::referenceOrSkip("torchvision_nms.py", {"ultralytics"});
    if (!reference) GRAPHLENS_SKIP_MISSING_REFERENCE(reference.missing);
    using graphlens::testing::tensorNamed;
    DetectionOptions capped;
    capped.maxDetections = 40;
    capped.maxCandidates = 120;
    for (const auto& [name, options] : {std::pair{std::string("side320"), DetectionOptions{}},
                                        std::pair{std::string("side640"), DetectionOptions{}},
                                        std::pair{std::string("capped"), capped}}) {
        const auto detections = yoloDetections(tensorNamed(*reference, name + "Input"), options);
        REQUIRE(detections.size() == 2);
        for (std::size_t image = 0; image < detections.size(); ++image) {
            CAPTURE(name, image);
            checkSameDetections(detections[image], tensorNamed(*reference, name + "Image" + std::to_string(image)));
        }
    }
}

TEST_CASE("yoloDetections keeps at most maxDetections and lets only the maxCandidates best into NMS", "[yolo][nms]") {
    torch::manual_seed(21);
    const auto decoded = randomDecoded(2, 6, 2100);
    const auto all = yoloDetections(decoded);
    DetectionOptions fewDetections;
    fewDetections.maxDetections = 10;
    const auto first = yoloDetections(decoded, fewDetections);
    for (std::size_t image = 0; image < all.size(); ++image) {
        REQUIRE(all[image].size(0) > 10);
        CHECK(torch::equal(first[image], all[image].narrow(0, 0, 10)));
    }

    // Capping candidates at 50 equals zeroing every anchor's scores but the 50 best.
    DetectionOptions fewCandidates;
    fewCandidates.maxCandidates = 50;
    const auto capped = yoloDetections(decoded, fewCandidates);
    auto onlyBest = decoded.clone();
    for (std::int64_t image = 0; image < decoded.size(0); ++image) {
        const auto classScores = onlyBest[image].narrow(0, 4, 6);
        const auto best = std::get<1>(classScores.amax(0).topk(50));
        auto zeroed = torch::zeros_like(classScores);
        zeroed.index_copy_(1, best, classScores.index_select(1, best));
        classScores.copy_(zeroed);
    }
    const auto reduced = yoloDetections(onlyBest);
    for (std::size_t image = 0; image < capped.size(); ++image) {
        CHECK(capped[image].size(0) < all[image].size(0));
        CHECK(torch::equal(capped[image], reduced[image]));
    }
}

TEST_CASE("yoloDetections: equal scores rank the lower anchor first, also at the candidate cap", "[yolo][nms]") {
    // Three far-apart boxes, one class, all scoring 0.5.
    const auto decoded = torch::tensor({{{100.f, 300.f, 500.f}, {100.f, 300.f, 500.f}, {20.f, 20.f, 20.f},
                                         {20.f, 20.f, 20.f}, {0.5f, 0.5f, 0.5f}}});
    DetectionOptions options;
    options.maxCandidates = 2;
    const auto detections = yoloDetections(decoded, options);
    REQUIRE(detections[0].size(0) == 2);
    CHECK(detections[0][0][0].item<float>() == 90.f);
    CHECK(detections[0][1][0].item<float>() == 290.f);
}

TEST_CASE("yoloDetections handles empty images, empty batches and fp16 input", "[yolo][nms]") {
    torch::manual_seed(4);
    auto decoded = randomDecoded(2, 3, 2100);
    decoded[1].narrow(0, 4, 3).mul_(0.5);  // image 1: nothing reaches 0.25
    const auto detections = yoloDetections(decoded);
    REQUIRE(detections.size() == 2);
    CHECK(detections[0].size(0) > 0);
    CHECK(detections[1].sizes() == torch::IntArrayRef({0, 6}));
    CHECK(yoloDetections(torch::rand({0, 7, 2100})).empty());

    // fp16 values are exact in fp32 and 0.25 is exact in both, so the results agree exactly.
    const auto half = decoded.to(torch::kHalf);
    const auto fromHalf = yoloDetections(half);
    const auto fromFloat = yoloDetections(half.to(torch::kFloat));
    for (std::size_t image = 0; image < fromHalf.size(); ++image) CHECK(torch::equal(fromHalf[image], fromFloat[image]));
}

TEST_CASE("yoloDetections rejects malformed input and options with invalid_argument", "[yolo][nms]") {
    CHECK_THROWS_AS(yoloDetections(torch::rand({2, 4, 2100})), std::invalid_argument);
    CHECK_THROWS_AS(yoloDetections(torch::rand({84, 2100})), std::invalid_argument);
    CHECK_THROWS_AS(yoloDetections(torch::randint(0, 5, {1, 84, 2100})), std::invalid_argument);
    const auto decoded = torch::rand({1, 7, 2100});
    DetectionOptions badConfidence;
    badConfidence.confidence = 1.5;
    CHECK_THROWS_AS(yoloDetections(decoded, badConfidence), std::invalid_argument);
    DetectionOptions badIou;
    badIou.iou = -0.1;
    CHECK_THROWS_AS(yoloDetections(decoded, badIou), std::invalid_argument);
    DetectionOptions noDetections;
    noDetections.maxDetections = 0;
    CHECK_THROWS_AS(yoloDetections(decoded, noDetections), std::invalid_argument);
    DetectionOptions noCandidates;
    noCandidates.maxCandidates = 0;
    CHECK_THROWS_AS(yoloDetections(decoded, noCandidates), std::invalid_argument);
}

TEST_CASE("yoloDetections gives the same detections on CUDA tensors", "[yolo][nms][cuda]") {
    if (!torch::cuda::is_available()) GRAPHLENS_SKIP("no CUDA device");
    torch::manual_seed(8);
    const auto decoded = randomDecoded(2, 80, 8400);
    const auto onCpu = yoloDetections(decoded);
    const auto onDevice = yoloDetections(decoded.cuda());
    for (std::size_t image = 0; image < onCpu.size(); ++image) {
        CHECK(onDevice[image].is_cuda());
        CHECK(torch::equal(onDevice[image].cpu(), onCpu[image]));
    }
}
