// segformer-b0's network against transformers' SegformerForSemanticSegmentation(SegformerConfig()), built
// by tests/fixtures/hf_segformer.py in the project venv: layout, settings, eval logits and the postprocess.
#include "PythonReferenceOrSkip.h"
#include "families/Family.h"
#include "families/WeightMapping.h"
#include "families/segformer/Segformer.h"
#include "families/segformer/SegformerTransformersNames.h"
#include "families/segformer/SegmentationLabels.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace graphlens::families;
using namespace graphlens::families::segformer;
using graphlens::testing::largestDifference;
using graphlens::testing::NamedTensors;
using graphlens::testing::OneThread;
using graphlens::testing::referenceOrSkip;
using graphlens::testing::savedStateDict;
using graphlens::testing::tensorNamed;

namespace {

const std::vector<std::string> kEvalInputs = {"in128", "in96x160"};  // the script's EVAL_INPUTS

Segformer networkWithReferenceWeights(const NamedTensors& saved) {
    Segformer network(150);
    loadMapped(*network, segformerTransformersNames(), savedStateDict(saved));
    return network;
}

std::vector<double> asDoubles(const torch::Tensor& values) {
    const auto flat = values.to(torch::kDouble).contiguous();
    return {flat.data_ptr<double>(), flat.data_ptr<double>() + flat.numel()};
}

}  // namespace

TEST_CASE("segformer-b0 has the reference's parameter count at 150 labels and at the built-in dataset's",
          "[families][segformer]") {
    const auto saved = referenceOrSkip("hf_segformer.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    const auto smallLabels = tensorNamed(*saved, "labels_small").item<std::int64_t>();
    const auto at150 = parameterCount(*Segformer(150));
    const auto atSmall = parameterCount(*Segformer(smallLabels));
    std::cout << "parameters: " << at150 << " at 150 labels, " << atSmall << " at " << smallLabels
              << " labels\n";
    CHECK(at150 == 3752694);  // transformers' count for SegformerConfig(num_labels=150)
    CHECK(at150 == tensorNamed(*saved, "params_labels150").item<std::int64_t>());
    CHECK(atSmall == tensorNamed(*saved, "params_labels_small").item<std::int64_t>());
    CHECK(at150 - atSmall == (150 - smallLabels) * (256 + 1));  // only the classifier's rows differ
}

TEST_CASE("segformer-b0's parameters and buffers map one-to-one onto transformers' state_dict",
          "[families][segformer]") {
    const auto saved = referenceOrSkip("hf_segformer.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    Segformer network(150);
    const auto reference = savedStateDict(*saved);
    const auto ours = namedState(*network);
    const auto check = checkMapping(segformerTransformersNames(), ours, reference);
    INFO(check.describe());
    CHECK(check.ok());
    // 4 stages x (patch embedding 4, end norm 2) + 8 blocks x 18 + 3 reduced stages x 2 blocks x 4,
    // decode head: 4 projections x 2, fuse 1, BatchNorm 5, classifier 2.
    CHECK(reference.size() == 24 + 144 + 24 + 16);
    CHECK(ours.size() == reference.size());
    CHECK(
        referenceName(segformerTransformersNames(), "encoder.stages.0.blocks.1.attention.reduction.weight") ==
        "segformer.stages.0.blocks.1.attention.sequence_reduction.sequence_reduction.weight");
    CHECK(referenceName(segformerTransformersNames(), "decode_head.fuse_norm.running_var") ==
          "decode_head.batch_norm.running_var");
    // The last stage (ratio 1) attends over every token: no reduction there, in either model.
    CHECK_FALSE(ours.count("encoder.stages.3.blocks.0.attention.reduction.weight"));
}

TEST_CASE("segformer-b0's norms and stochastic depth are set as the reference's", "[families][segformer]") {
    const auto saved = referenceOrSkip("hf_segformer.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    Segformer network(150);
    std::set<double> layerNormEps, batchNormEps, batchNormMomentum;
    std::int64_t layerNorms = 0;
    for (const auto& module : network->modules(/*include_self=*/false)) {
        if (const auto* norm = module->as<torch::nn::LayerNorm>()) {
            ++layerNorms;
            layerNormEps.insert(norm->options.eps());
        }
        if (const auto* norm = module->as<torch::nn::BatchNorm2d>()) {
            batchNormEps.insert(norm->options.eps());
            batchNormMomentum.insert(norm->options.momentum().value_or(-1.0));
        }
    }
    const auto referenceLayerNormEps = asDoubles(tensorNamed(*saved, "layer_norm_eps"));
    std::cout << "LayerNorm eps: " << network->config().layerNormEps << " (reference model "
              << referenceLayerNormEps.front() << ", reference config "
              << tensorNamed(*saved, "config_layer_norm_eps").item<double>() << ")\n";
    CHECK(layerNorms == tensorNamed(*saved, "layer_norm_count").item<std::int64_t>());
    CHECK(std::vector<double>(layerNormEps.begin(), layerNormEps.end()) == referenceLayerNormEps);
    CHECK(std::vector<double>(batchNormEps.begin(), batchNormEps.end()) ==
          asDoubles(tensorNamed(*saved, "batch_norm_eps")));
    CHECK(std::vector<double>(batchNormMomentum.begin(), batchNormMomentum.end()) ==
          asDoubles(tensorNamed(*saved, "batch_norm_momentum")));
    const auto rates = network->encoder()->dropPaths();
    const auto referenceRates = asDoubles(tensorNamed(*saved, "drop_path_rates"));
    REQUIRE(rates.size() == referenceRates.size());
    for (size_t i = 0; i < rates.size(); ++i) {
        CAPTURE(i);
        CHECK(rates[i] == Approx(referenceRates[i]).margin(1e-12));
    }
}

TEST_CASE("segformer-b0 with the reference's weights gives its eval logits at two input sizes",
          "[families][segformer]") {
    const auto saved = referenceOrSkip("hf_segformer.py", {"eval"});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    auto network = networkWithReferenceWeights(*saved);
    network->eval();
    torch::NoGradGuard noGrad;
    OneThread oneThread;
    for (const auto& input : kEvalInputs) {
        CAPTURE(input);
        const auto& images = tensorNamed(*saved, input);
        const auto& expected = tensorNamed(*saved, input + "_logits");
        const auto logits = network(images);
        REQUIRE(logits.sizes() == expected.sizes());
        CHECK(logits.size(2) * 4 == images.size(2));  // logits at 1/4 of the input
        const auto diff = largestDifference(logits, expected);
        std::cout << input << " " << c10::str(images.sizes()) << ": logits max |diff| " << diff
                  << " (logit std " << expected.std().item<double>() << ")\n";
        CHECK(diff <= 1e-4);
        CHECK(expected.std().item<double>() > 0.1);  // the comparison is about real signal, not a constant
    }
}

TEST_CASE("segformer-b0's upsample + argmax postprocess equals the reference's", "[families][segformer]") {
    const auto saved = referenceOrSkip("hf_segformer.py", {"eval"});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    auto network = networkWithReferenceWeights(*saved);
    network->eval();
    torch::NoGradGuard noGrad;
    OneThread oneThread;
    for (const auto& input : kEvalInputs) {
        CAPTURE(input);
        const auto& images = tensorNamed(*saved, input);
        const auto& referenceLogits = tensorNamed(*saved, input + "_logits");
        const auto& expected = tensorNamed(*saved, input + "_labels");
        const auto height = images.size(2), width = images.size(3);
        // On the reference's own logits the postprocess must agree pixel for pixel.
        const auto labels = segmentationLabels(referenceLogits, height, width);
        CHECK(labels.scalar_type() == torch::kLong);
        CHECK(torch::equal(labels, expected));
        CHECK(torch::equal(segformerLabels(referenceLogits).toTensor(),
                           expected));  // the family's: 4x the logits
        REQUIRE(torch::bincount(expected.flatten()).gt(0).sum().item<std::int64_t>() >
                3);  // several labels, not one
        // On the network's logits (within 1e-4 of the reference's) a pixel may differ only at a tie: where
        // the reference's two labels' upsampled logits are closer than the logits' difference allows.
        const auto ours = segmentationLabels(network(images), height, width);
        const auto upsampled = torch::nn::functional::interpolate(
            referenceLogits, torch::nn::functional::InterpolateFuncOptions()
                                 .size(std::vector<std::int64_t>{height, width})
                                 .mode(torch::kBilinear)
                                 .align_corners(false));
        const auto differing = ours.ne(expected);
        const auto margin =
            (upsampled.gather(1, expected.unsqueeze(1)) - upsampled.gather(1, ours.unsqueeze(1)))
                .squeeze(1)
                .masked_select(differing);
        std::cout << input << ": " << differing.sum().item<std::int64_t>() << " of " << expected.numel()
                  << " pixels labelled differently from the network's logits\n";
        CHECK((margin.numel() == 0 || margin.abs().max().item<double>() <= 2e-4));
    }
}

TEST_CASE("segformer-b0 draws stochastic depth and dropout anew each training forward, eval is deterministic",
          "[families][segformer]") {
    torch::manual_seed(3);
    Segformer network(6);
    const auto images = torch::randn({2, 3, 64, 64});
    torch::NoGradGuard noGrad;
    network->train();
    torch::manual_seed(11);
    const auto first = network(images);
    const auto second = network(images);
    torch::manual_seed(11);
    const auto again = network(images);
    CHECK_FALSE(torch::equal(first, second));  // consecutive forwards drop different paths and units
    CHECK(torch::equal(first, again));         // and the draws come from the seeded generator only
    network->eval();
    CHECK(torch::equal(network(images), network(images)));
    CHECK(network->encoder()->dropPaths().front() == 0.0);
    CHECK(network->encoder()->dropPaths().back() == Approx(0.1));
}

TEST_CASE("segformer-b0 rejects inputs and settings it cannot take", "[families][segformer]") {
    Segformer network(6);
    network->eval();
    torch::NoGradGuard noGrad;
    CHECK_THROWS_AS(network(torch::zeros({1, 3, 16, 64})),
                    std::invalid_argument);  // too small for stage 1's 8x8
    CHECK_THROWS_AS(network(torch::zeros({1, 1, 64, 64})), std::invalid_argument);
    CHECK_THROWS_AS(network(torch::zeros({3, 64, 64})), std::invalid_argument);
    CHECK(network(torch::zeros({1, 3, 64, 96})).sizes() == torch::IntArrayRef({1, 6, 16, 24}));
    CHECK_THROWS_AS(Segformer(0), std::invalid_argument);
    CHECK_THROWS_AS(segmentationLabels(torch::zeros({6, 16, 16}), 64, 64), std::invalid_argument);
}
