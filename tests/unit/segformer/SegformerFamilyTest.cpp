// segformer-b0 as a GraphLens family: its declarations, its seeded builder and what its predict
// postprocess gives on a real network output.
#include "families/FamilyRegistry.h"
#include "families/segformer/SegformerFamily.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

using namespace graphlens::families;

TEST_CASE("segformer-b0 is registered as a 512 px segmenter, captured whole, its whole training step too",
          "[families][segformer]") {
    const auto* family = FamilyRegistry::builtIn().find("segformer-b0");
    REQUIRE(family != nullptr);
    CHECK(family->task == "segment");
    CHECK(family->defaultImgsz == 512);
    CHECK(family->numClasses == 150);
    CHECK(family->inference.kind == GraphSupportKind::Whole);
    CHECK(family->training.widest == TrainingGraphScope::Step);
    CHECK(family->training.supports(TrainingGraphScope::Step));
    CHECK(family->training.supports(TrainingGraphScope::Network));
    CHECK(family->loss);
    CHECK(family->trainingTargets);
    CHECK(family->validationMetric == "mIoU");
    auto module = family->build(0);
    CHECK(parameterCount(*module.ptr()) == 3752694);  // transformers' count for mit-b0 at 150 labels
    auto again = family->build(0);                    // one seed, one set of weights
    const auto first = module.ptr()->parameters(), second = again.ptr()->parameters();
    REQUIRE(first.size() == second.size());
    for (size_t i = 0; i < first.size(); ++i) CHECK(torch::equal(first[i], second[i]));
}

TEST_CASE("segformer-b0's predict postprocess labels every input pixel", "[families][segformer]") {
    const auto family = segformer::makeSegformerB0Family();
    auto network = family.build(0);
    network.ptr()->eval();
    torch::NoGradGuard noGrad;
    const auto logits = network.forward(torch::rand({2, 3, 64, 96}));
    REQUIRE(logits.sizes() == torch::IntArrayRef({2, 150, 16, 24}));
    const auto labels = family.postprocess(logits).toTensor();
    CHECK(labels.sizes() == torch::IntArrayRef({2, 64, 96}));
    CHECK(labels.scalar_type() == torch::kLong);
    CHECK(labels.min().item<std::int64_t>() >= 0);
    CHECK(labels.max().item<std::int64_t>() < 150);
    // Where the logits' own grid meets the image grid's centres (every 4th pixel, offset 1.5), the label is
    // the logits' argmax at that cell to within bilinear blending; at least the corners agree exactly.
    const auto cellArgmax = logits.argmax(1);
    CHECK(labels.index({torch::indexing::Slice(), 0, 0})
              .equal(cellArgmax.index({torch::indexing::Slice(), 0, 0})));
    CHECK(labels.index({torch::indexing::Slice(), 63, 95})
              .equal(cellArgmax.index({torch::indexing::Slice(), 15, 23})));
}

TEST_CASE("segformer-b0 trained on a dataset of N classes has N + 1 labels: the background is label 0",
          "[families][segformer]") {
    const auto* registered = FamilyRegistry::builtIn().find("segformer-b0");
    REQUIRE(registered != nullptr);
    REQUIRE(registered->withDatasetClasses);
    const auto forBuiltin = registered->withDatasetClasses(5);  // the built-in dataset's five shapes
    CHECK(forBuiltin.name == "segformer-b0");
    CHECK(forBuiltin.numClasses == 6);
    auto network = forBuiltin.build(0);
    network.ptr()->eval();
    torch::NoGradGuard noGrad;
    CHECK(network.forward(torch::rand({1, 3, 32, 32})).size(1) == 6);
    // Only the classifier's rows differ from the registered 150-label network.
    CHECK(parameterCount(*registered->build(0).ptr()) - parameterCount(*network.ptr()) == (150 - 6) * (256 + 1));
    CHECK_THROWS_WITH(segformer::makeSegformerB0Family(1), Catch::Contains("at least 2 labels"));
}
