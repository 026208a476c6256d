// segformer-b0's training loss against transformers' SegformerForSemanticSegmentation(labels=...)
// (tests/fixtures/hf_segformer.py loss): the same loss from the reference's logits, and from our network
// with the reference's weights; labels at the input size and at another size; 255 ignored; and the
// targets' contract (fixed shape, int64, a clear error without masks).
#include "PythonReferenceOrSkip.h"
#include "families/WeightMapping.h"
#include "families/segformer/Segformer.h"
#include "families/segformer/SegformerTransformersNames.h"
#include "families/segformer/SegmentationLoss.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <iostream>

using namespace graphlens::families;
using namespace graphlens::families::segformer;
using graphlens::testing::largestDifference;
using graphlens::testing::OneThread;
using graphlens::testing::referenceOrSkip;
using graphlens::testing::savedStateDict;
using graphlens::testing::tensorNamed;

TEST_CASE("segformer-b0's loss equals transformers' semantic loss, labels at the input size and at another",
          "[families][segformer][loss]") {
    const auto saved = referenceOrSkip("hf_segformer.py", {"loss"});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    OneThread oneThread;
    const auto& referenceLogits = tensorNamed(*saved, "loss_logits");
    const auto labels = static_cast<std::int64_t>(referenceLogits.size(1));
    Segformer network(labels);
    loadMapped(*network, segformerTransformersNames(), savedStateDict(*saved));
    network->eval();
    torch::NoGradGuard noGrad;
    const auto logits = network(tensorNamed(*saved, "loss_input"));
    CHECK(largestDifference(logits, referenceLogits) <= 1e-4);
    for (const std::string name : {"loss_full", "loss_other"}) {
        CAPTURE(name);
        const auto& targets = tensorNamed(*saved, name + "_labels");
        const double expected = tensorNamed(*saved, name).item<double>();
        REQUIRE(targets.eq(kIgnoreIndex).any().item<bool>());  // the ignore index is exercised
        const double fromReferenceLogits = semanticSegmentationLoss(referenceLogits, targets).item<double>();
        const double fromOurNetwork = semanticSegmentationLoss(logits, targets).item<double>();
        // The loss without ignoring: what a wrong ignore index would give, far from the reference.
        const double unignored = torch::nn::functional::cross_entropy(
                                     torch::nn::functional::interpolate(
                                         referenceLogits, torch::nn::functional::InterpolateFuncOptions()
                                                              .size(std::vector<std::int64_t>{targets.size(1), targets.size(2)})
                                                              .mode(torch::kBilinear)
                                                              .align_corners(false)),
                                     targets.clamp_max(labels - 1))
                                     .item<double>();
        std::cout << name << " " << c10::str(targets.sizes()) << ": reference " << expected << ", from its logits "
                  << fromReferenceLogits << ", from ours " << fromOurNetwork << "\n";
        CHECK(std::abs(fromReferenceLogits - expected) <= 1e-6 * expected);
        CHECK(std::abs(fromOurNetwork - expected) <= 1e-5 * expected);
        CHECK(std::abs(unignored - expected) > 1e-3);
    }
}

TEST_CASE("segformer-b0's targets are the batch's masks as int64 [B, imgsz, imgsz], or a clear error",
          "[families][segformer][loss]") {
    TrainingLabels labels;
    labels.masks = torch::randint(0, 6, {2, 32, 32}, torch::kUInt8);
    const auto targets = segmentationTrainingTargets(labels, 2, 32);
    CHECK(targets.scalar_type() == torch::kLong);
    CHECK(targets.equal(labels.masks.to(torch::kLong)));
    CHECK_THROWS_WITH(segmentationTrainingTargets(TrainingLabels{}, 2, 32),
                      Catch::Contains("a segmentation batch needs masks and this one has none"));
    CHECK_THROWS_WITH(segmentationTrainingTargets(labels, 2, 64), Catch::Contains("needs masks [2, 64, 64]; got [2, 32, 32]"));
}

TEST_CASE("segformer-b0's loss averages over the pixels that are not ignored, and is NaN with none left",
          "[families][segformer][loss]") {
    // Uniform logits: every kept pixel costs log(labels), however many are ignored.
    const auto logits = torch::zeros({1, 4, 2, 2});
    auto targets = torch::full({1, 8, 8}, 2, torch::kLong);
    targets.index_put_({0, torch::indexing::Slice(0, 5)}, kIgnoreIndex);
    CHECK(semanticSegmentationLoss(logits, targets).item<double>() == Approx(std::log(4.0)));
    CHECK(std::isnan(semanticSegmentationLoss(logits, torch::full({1, 8, 8}, kIgnoreIndex, torch::kLong)).item<double>()));
}
