// rtdetr-r18 as a whole: the encoder and decoder sides joined equal transformers' RTDetrForObjectDetection
// end to end (tests/fixtures/hf_rtdetr_model.py), the registered family's declarations, and its training
// seam on the CPU: a training step runs the encoder side, then the decoder with its denoising queries and the
// loss, exactly as the model's own training path does. (The graphed split against eager is a GPU test:
// tests/gpu/TrainingGpuTest.cpp.)
#include "PythonReferenceOrSkip.h"
#include "families/FamilyRegistry.h"
#include "families/WeightMapping.h"
#include "families/rtdetr/RtDetr.h"
#include "families/rtdetr/RtDetrOutputValue.h"
#include "families/rtdetr/RtDetrTrainingTargets.h"
#include "families/rtdetr/RtDetrTransformersNames.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutputTree.h"
#include "train/CapturableAdamW.h"
#include "train/GradientScaler.h"
#include "train/TrainingStep.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <iostream>
#include <set>
#include <string>
#include <vector>

using namespace graphlens;
using namespace graphlens::families::rtdetr;
using families::TrainingGraphScope;
using graphlens::testing::largestDifference;
using graphlens::testing::OneThread;
using graphlens::testing::referenceOrSkip;
using graphlens::testing::savedStateDict;
using graphlens::testing::tensorNamed;

namespace {

const families::Family& rtdetrFamily() {
    const auto* family = families::FamilyRegistry::builtIn().find("rtdetr-r18");
    REQUIRE(family != nullptr);
    return *family;
}

// A batch of two 128 px images: image 0 holds two boxes, image 1 one (the denoising groups follow the
// larger count).
torch::Tensor twoImageTargets(const families::Family& family) {
    families::TrainingLabels labels;
    labels.boxes = torch::tensor({{0.f, 1.f, 0.3f, 0.3f, 0.2f, 0.2f},
                                  {0.f, 4.f, 0.7f, 0.6f, 0.3f, 0.4f},
                                  {1.f, 2.f, 0.5f, 0.5f, 0.5f, 0.4f}});
    return family.trainingTargets(labels, 2, 128);
}

}  // namespace

TEST_CASE("rtdetr-r18 equals transformers' RTDetrForObjectDetection end to end, and has its parameter count",
          "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_model.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    const OneThread oneThread;
    RtDetr network(80);
    const auto params = families::parameterCount(*network);
    std::cout << "rtdetr-r18 parameters at 80 labels: " << params << "\n";
    CHECK(params == tensorNamed(*saved, "params").item<std::int64_t>());
    const auto reference = savedStateDict(*saved);
    const auto check = families::checkMapping(rtdetrTransformersNames(), families::namedState(*network), reference);
    INFO(check.describe());
    REQUIRE(check.ok());
    families::loadMapped(*network, rtdetrTransformersNames(), reference);
    network->eval();
    torch::NoGradGuard noGrad;
    const auto& input = tensorNamed(*saved, "input");
    const auto maps = network->encoderSide->forward(input);
    for (std::size_t level = 0; level < maps.size(); ++level) {
        CAPTURE(level);
        CHECK(largestDifference(maps[level], tensorNamed(*saved, "encoder_map" + std::to_string(level))) < 1e-4);
    }
    const auto [logits, boxes] = network->forward(input);
    // The decoder is permutation-equivariant over its queries and the top-k may order near-equal scores
    // either way, so each reference query is paired with our nearest box before comparing.
    const auto& referenceLogits = tensorNamed(*saved, "logits");
    const auto& referenceBoxes = tensorNamed(*saved, "pred_boxes");
    double logitsDiff = 0, boxesDiff = 0;
    for (std::int64_t image = 0; image < boxes.size(0); ++image) {
        const auto nearest = torch::cdist(referenceBoxes[image], boxes[image], 1).argmin(1);
        CHECK(std::get<0>(torch::_unique(nearest)).numel() == nearest.numel());  // a one-to-one pairing
        logitsDiff = std::max(logitsDiff, largestDifference(logits[image].index_select(0, nearest), referenceLogits[image]));
        boxesDiff = std::max(boxesDiff, largestDifference(boxes[image].index_select(0, nearest), referenceBoxes[image]));
    }
    std::cout << "rtdetr-r18 vs transformers: logits max |diff| " << logitsDiff << ", boxes " << boxesDiff << "\n";
    CHECK(logitsDiff < 1e-4);
    CHECK(boxesDiff < 1e-4);
}

TEST_CASE("rtdetr-r18 declares inference whole and training split at its seam", "[families][rtdetr]") {
    const auto& family = rtdetrFamily();
    CHECK(family.task == "detect");
    CHECK(family.inference.kind == families::GraphSupportKind::Whole);
    CHECK(family.training.supports(TrainingGraphScope::Network));
    CHECK_FALSE(family.training.supports(TrainingGraphScope::Step));
    CHECK(family.training.seam == "after the hybrid encoder, before query selection");
    auto network = family.build(3);
    const auto seam = families::trainingSeamOf(family, network);
    REQUIRE(seam.has_value());
    // The captured part is the encoder side: backbone, input projections and hybrid encoder.
    const auto model = network.get<RtDetr>();
    CHECK(seam->captured.get() == model->encoderSide.ptr().get());
    CHECK(families::parameterCount(*seam->captured) < families::parameterCount(*model));
}

TEST_CASE("rtdetr-r18's training step runs its seam: the encoder side, then the decoder with denoising queries and the loss",
          "[families][rtdetr][seam]") {
    const OneThread oneThread;
    const auto& family = rtdetrFamily();
    auto network = family.build(5);
    auto module = network.ptr();
    module->train();
    auto model = network.get<RtDetr>();
    torch::manual_seed(21);
    const auto images = torch::rand({2, 3, 128, 128});
    const auto targets = twoImageTargets(family);
    const auto perImage = rtdetrTargetsPerImage(targets, 2);
    REQUIRE(perImage.size() == 2);
    CHECK(perImage[0].classes.numel() == 2);
    CHECK(perImage[1].classes.numel() == 1);

    // The model's own training path, by hand, with the denoising noise drawn from a known seed.
    torch::manual_seed(9);
    const auto output = model->trainingOutput(images, perImage);
    REQUIRE(output.denoising.has_value());
    // 100 denoising queries over a largest count of 2: 50 groups of 2 positive + 2 negative.
    CHECK(output.denoising->groups == 50);
    CHECK(output.denoising->queries == 200);
    CHECK(output.logits.size(2) == 200 + 300);
    const auto expected = family.loss(packDecoderOutput(output), targets).detach();

    // The training step through the seam, same weights, same seed: the same loss.
    train::CapturableAdamW optimizer(module->parameters(), train::AdamWOptions{});
    train::GradientScaler scaler(torch::kCPU, {.enabled = false});
    train::TrainingStepOptions options;
    options.seam = families::trainingSeamOf(family, network);
    train::TrainingStep step(module, graphs::forwardOf(network), family, optimizer, scaler, options);
    torch::manual_seed(9);
    const auto loss = step.run(images, targets).loss;
    CHECK(std::isfinite(loss.item<double>()));
    CHECK(torch::equal(loss, expected));
    // Every parameter got a gradient: the encoder side's through the seam, the decoder's from the rest.
    std::int64_t withoutGradient = 0;
    for (const auto& p : module->parameters()) withoutGradient += p.grad().defined() ? 0 : 1;
    CHECK(withoutGradient == 0);
}

// The training seam search's input (`verify --training --find-seam`; the search itself captures, so it
// runs on the GPU in tests/gpu/TrainingGpuTest.cpp): the chain must be the family's training forward,
// and its encoder-side links must hold exactly the declared seam's captured part, so that a search
// stopping before the decoder side has found the declared seam and nothing else.
TEST_CASE("rtdetr-r18's training chain gives its declared split bit for bit, and its encoder-side links are the "
          "declared captured part",
          "[families][rtdetr][forensics]") {
    const OneThread oneThread;
    const auto& family = rtdetrFamily();
    REQUIRE(family.trainingChain);
    auto network = family.build(5);
    network.ptr()->train();
    const auto chain = family.trainingChain(network);
    REQUIRE(chain.has_value());
    std::vector<std::string> names;
    std::vector<bool> readsTargets;
    for (const auto& link : chain->links) {
        names.push_back(link.name);
        readsTargets.push_back(link.readsTargets);
    }
    CHECK(names == std::vector<std::string>{"encoder_side.backbone", "encoder_side.input_proj", "encoder_side.encoder",
                                            "decoder_side"});
    CHECK(readsTargets == std::vector<bool>{false, false, false, true});

    torch::manual_seed(21);
    const auto images = torch::rand({2, 3, 128, 128});
    const auto targets = twoImageTargets(family);
    const auto declared = families::trainingSeamOf(family, network);
    REQUIRE(declared.has_value());
    torch::NoGradGuard noGrad;
    torch::manual_seed(9);  // the denoising noise
    const auto expected = declared->rest(declared->capturedForward(images), targets);
    torch::manual_seed(9);
    const auto chained = chain->run(images, targets, 0, chain->size());
    const auto comparison = graphs::compareBitwise(expected, chained);
    INFO(comparison.firstMismatch);
    CHECK(comparison.equal);

    const auto parametersOf = [](const torch::nn::Module& module) {
        std::set<const void*> set;
        for (const auto& p : module.parameters()) set.insert(p.unsafeGetTensorImpl());
        return set;
    };
    const auto encoderSide = families::trainingPrefixSeam(*chain, 3);
    CHECK(parametersOf(*encoderSide.captured) == parametersOf(*declared->captured));
    CHECK_FALSE(encoderSide.giveTargets);  // the encoder side reads the images only
    CHECK(encoderSide.point == "after encoder_side.encoder, before decoder_side");
    CHECK(parametersOf(*families::trainingPrefixSeam(*chain, 2).captured) != parametersOf(*declared->captured));
}
