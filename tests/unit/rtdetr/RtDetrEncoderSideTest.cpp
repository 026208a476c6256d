// rtdetr-r18's encoder side (backbone, encoder input projections, hybrid encoder) against transformers'
// RTDetrForObjectDetection built from tests/fixtures/hf_rtdetr_config.py by tests/fixtures/hf_rtdetr_encoder.py
// in the project venv: parameter counts, the name map, the settings the modules are built with, and the
// encoder maps (encoder_last_hidden_state) in eval and train mode at two input sizes.
#include "PythonReferenceOrSkip.h"
#include "families/Family.h"
#include "families/WeightMapping.h"
#include "families/rtdetr/RtDetrEncoderSide.h"
#include "families/rtdetr/RtDetrEncoderTransformersNames.h"
#include "families/rtdetr/RtDetrFrozenBatchNorm.h"
#include "families/rtdetr/RtDetrSinePositionEmbedding.h"

#include <torch/torch.h>
#include <catch2/catch.hpp>

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace graphlens::families;
using namespace graphlens::families::rtdetr;
using graphlens::testing::largestDifference;
using graphlens::testing::NamedTensors;
using graphlens::testing::OneThread;
using graphlens::testing::referenceOrSkip;
using graphlens::testing::savedStateDict;
using graphlens::testing::tensorNamed;

namespace {

const std::vector<std::string> kEvalInputs = {"in64", "in96x128"};  // the script's EVAL_INPUTS

RtDetrEncoderSide encoderSideWithReferenceWeights(const NamedTensors& saved) {
    RtDetrEncoderSide side;
    loadMapped(*side, rtDetrEncoderTransformersNames(), savedStateDict(saved));
    return side;
}

std::vector<double> asDoubles(const torch::Tensor& values) {
    const auto flat = values.to(torch::kDouble).contiguous();
    return {flat.data_ptr<double>(), flat.data_ptr<double>() + flat.numel()};
}

std::string textNamed(const NamedTensors& saved, const std::string& name) {
    const auto bytes = tensorNamed(saved, name).contiguous();
    return {reinterpret_cast<const char*>(bytes.data_ptr<std::uint8_t>()), static_cast<size_t>(bytes.numel())};
}

void checkMaps(const std::vector<torch::Tensor>& maps, const NamedTensors& saved, const std::string& prefix,
               const std::string& what) {
    REQUIRE(maps.size() == 3);
    for (size_t level = 0; level < maps.size(); ++level) {
        CAPTURE(prefix, level);
        const auto& expected = tensorNamed(saved, prefix + std::to_string(level));
        REQUIRE(maps[level].sizes() == expected.sizes());
        const auto diff = largestDifference(maps[level], expected);
        std::cout << prefix << level << " " << c10::str(expected.sizes()) << ": " << what << " max |diff| " << diff
                  << " (std " << expected.std().item<double>() << ")\n";
        CHECK(diff <= 1e-4);
        CHECK(expected.std().item<double>() > 0.1);  // real signal, not a constant
    }
}

}  // namespace

TEST_CASE("rtdetr-r18's encoder side has the reference's parameter count", "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_encoder.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    RtDetrEncoderSide side;
    const auto ours = parameterCount(*side);
    const auto whole = tensorNamed(*saved, "params_labels80").item<std::int64_t>();
    std::cout << "parameters: encoder side " << ours << "; transformers' whole RTDetrForObjectDetection at 80 labels "
              << whole << "\n";
    CHECK(ours == tensorNamed(*saved, "params_encoder_side").item<std::int64_t>());
    CHECK(ours == 16155232);   // transformers' backbone + encoder_input_proj + encoder for rtdetr-r18
    CHECK(whole == 20174608);  // the whole detector (published: about 20 M)
    // The backbone's frozen norms are buffers: 4 per norm, none of them a parameter.
    std::int64_t buffers = 0;
    for (const auto& buffer : side->buffers()) buffers += buffer.numel();
    CHECK(buffers == tensorNamed(*saved, "buffers_encoder_side").item<std::int64_t>());
    for (const auto& item : side->backbone()->named_parameters()) {
        CAPTURE(item.key());
        CHECK(item.key().find(".norm.") == std::string::npos);
    }
}

TEST_CASE("rtdetr-r18's encoder-side parameters and buffers map one-to-one onto transformers' state_dict",
          "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_encoder.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    RtDetrEncoderSide side;
    const auto reference = savedStateDict(*saved);
    const auto ours = namedState(*side);
    const auto mapping = rtDetrEncoderTransformersNames();
    const auto check = checkMapping(mapping, ours, reference);
    INFO(check.describe());
    CHECK(check.ok());
    // Backbone: 23 frozen norms x 4 buffers + 23 convs; input projections 3 x (1 + 5); AIFI 16; FPN/PAN:
    // 2 lateral + 2 downsample conv-norms (6 each) and 4 CSP layers of 3 + 3 x 2 conv-norms (9 x 6).
    CHECK(reference.size() == 23 * 5 + 3 * 6 + 16 + 4 * 6 + 4 * 9 * 6);
    CHECK(ours.size() == reference.size());
    std::set<std::string> mapped;
    for (const auto& [name, tensor] : ours) mapped.insert(referenceName(mapping, name));
    CHECK(mapped.size() == reference.size());  // every reference entry exactly once
    for (const auto& [name, tensor] : reference) {
        CAPTURE(name);
        CHECK(mapped.count(name) == 1);
    }
    CHECK(referenceName(mapping, "backbone.stem.0.conv.weight") ==
          "model.backbone.model.embedder.embedder.0.convolution.weight");
    CHECK(referenceName(mapping, "backbone.stages.0.0.shortcut.norm.running_var") ==
          "model.backbone.model.encoder.stages.0.layers.0.shortcut.normalization.running_var");
    CHECK(referenceName(mapping, "backbone.stages.2.0.shortcut.conv.weight") ==
          "model.backbone.model.encoder.stages.2.layers.0.shortcut.1.convolution.weight");
    CHECK(referenceName(mapping, "backbone.stages.3.1.conv2.norm.weight") ==
          "model.backbone.model.encoder.stages.3.layers.1.layer.1.normalization.weight");
    CHECK(referenceName(mapping, "input_proj.2.norm.num_batches_tracked") ==
          "model.encoder_input_proj.2.1.num_batches_tracked");
    CHECK(referenceName(mapping, "encoder.aifi.0.layers.0.ffn_norm.bias") ==
          "model.encoder.aifi.0.layers.0.final_layer_norm.bias");
    CHECK(referenceName(mapping, "encoder.pan_blocks.1.bottlenecks.2.conv1.norm.running_mean") ==
          "model.encoder.pan_blocks.1.bottlenecks.2.conv1.norm.running_mean");
    // Only the first block of a stage projects its shortcut; the frozen norms have no num_batches_tracked.
    CHECK_FALSE(ours.count("backbone.stages.1.1.shortcut.conv.weight"));
    CHECK_FALSE(ours.count("backbone.stem.0.norm.num_batches_tracked"));
}

TEST_CASE("rtdetr-r18's encoder side is built with the reference's norms, activations and settings",
          "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_encoder.py", {});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    RtDetrEncoderSide side;
    const auto& config = side->config();
    std::set<double> layerNormEps, batchNormEps, batchNormMomentum, frozenEps;
    std::int64_t layerNorms = 0, batchNorms = 0, frozenNorms = 0;
    for (const auto& module : side->modules(/*include_self=*/false)) {
        if (const auto* norm = module->as<torch::nn::LayerNorm>()) {
            ++layerNorms;
            layerNormEps.insert(norm->options.eps());
        }
        if (const auto* norm = module->as<torch::nn::BatchNorm2d>()) {
            ++batchNorms;
            batchNormEps.insert(norm->options.eps());
            batchNormMomentum.insert(norm->options.momentum().value_or(-1.0));
        }
        if (const auto* norm = module->as<RtDetrFrozenBatchNorm>()) {
            ++frozenNorms;
            frozenEps.insert(norm->eps());
        }
    }
    std::cout << "eps: LayerNorm " << config.layerNormEps << " (reference config "
              << tensorNamed(*saved, "config_layer_norm_eps").item<double>() << "), BatchNorm " << config.batchNormEps
              << " (reference config " << tensorNamed(*saved, "config_batch_norm_eps").item<double>()
              << "), frozen BatchNorm " << config.frozenBatchNormEps << " (reference forward "
              << tensorNamed(*saved, "frozen_batch_norm_eps").item<double>() << ")\n";
    CHECK(layerNorms == tensorNamed(*saved, "layer_norm_count").item<std::int64_t>());
    CHECK(std::vector<double>(layerNormEps.begin(), layerNormEps.end()) ==
          asDoubles(tensorNamed(*saved, "layer_norm_eps")));
    CHECK(batchNorms == tensorNamed(*saved, "batch_norm_count").item<std::int64_t>());
    CHECK(std::vector<double>(batchNormEps.begin(), batchNormEps.end()) ==
          asDoubles(tensorNamed(*saved, "batch_norm_eps")));
    CHECK(std::vector<double>(batchNormMomentum.begin(), batchNormMomentum.end()) ==
          asDoubles(tensorNamed(*saved, "batch_norm_momentum")));
    CHECK(frozenNorms == tensorNamed(*saved, "frozen_batch_norm_count").item<std::int64_t>());
    REQUIRE(frozenEps.size() == 1);
    CHECK(*frozenEps.begin() == Approx(tensorNamed(*saved, "frozen_batch_norm_eps").item<double>()).epsilon(1e-9));
    CHECK(config.layerNormEps == tensorNamed(*saved, "config_layer_norm_eps").item<double>());
    CHECK(config.batchNormEps == tensorNamed(*saved, "config_batch_norm_eps").item<double>());

    // Activations, part by part, as the modules compute them, and as the config states them.
    const auto encoder = side->encoder();
    const auto& basic = side->backbone()->stages()[1][0];
    const auto& csp = encoder->fpnBlocks()[0];
    CHECK(rtDetrActivationName(basic->activation()) == textNamed(*saved, "act_backbone"));
    CHECK(rtDetrActivationName(side->backbone()->stem()[0]->activation()) == textNamed(*saved, "act_backbone_stem"));
    CHECK(rtDetrActivationName(encoder->aifi()[0]->layers()[0]->activation()) == textNamed(*saved, "act_encoder_ffn"));
    CHECK(rtDetrActivationName(encoder->lateralConvs()[0]->activation()) == textNamed(*saved, "act_lateral"));
    CHECK(rtDetrActivationName(encoder->downsampleConvs()[0]->activation()) == textNamed(*saved, "act_downsample"));
    CHECK(rtDetrActivationName(csp->activation()) == textNamed(*saved, "act_csp"));
    CHECK(rtDetrActivationName(csp->bottlenecks()[0]->activation()) == textNamed(*saved, "act_repvgg"));
    CHECK(rtDetrActivationName(csp->bottlenecks()[0]->branchActivation()) == textNamed(*saved, "act_repvgg_branch"));
    CHECK(rtDetrActivationName(config.encoderActivation) == textNamed(*saved, "config_encoder_activation"));
    CHECK(rtDetrActivationName(config.activation) == textNamed(*saved, "config_activation"));
    CHECK(rtDetrActivationName(config.backboneActivation) == textNamed(*saved, "config_backbone_activation"));

    CHECK(config.attentionHeads == tensorNamed(*saved, "attention_heads").item<std::int64_t>());
    CHECK(static_cast<int>(config.normalizeBefore) == tensorNamed(*saved, "normalize_before").item<std::int64_t>());
    CHECK(config.positionTemperature == tensorNamed(*saved, "position_temperature").item<double>());
    CHECK(std::vector<double>{config.dropout, config.activationDropout, config.attentionDropout} ==
          asDoubles(tensorNamed(*saved, "dropout")));
    CHECK(config.cspBlocks == tensorNamed(*saved, "csp_blocks").item<std::int64_t>());
    CHECK(static_cast<std::int64_t>(csp->bottlenecks().size()) == config.cspBlocks);
    // The vd shortcut: pooled where the channels change (stages 1-3), a stride-1 1x1 conv in stage 0.
    const auto& stages = side->backbone()->stages();
    CHECK_FALSE(stages[0][0]->poolsShortcut());
    CHECK(stages[0][0]->projectsShortcut());
    for (int s = 1; s < 4; ++s) CHECK(stages[s][0]->poolsShortcut());
    CHECK_FALSE(stages[1][1]->projectsShortcut());
}

TEST_CASE("rtdetr's 2-D sine position embedding equals transformers' on a non-square grid", "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_encoder.py", {"eval"});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    const auto& expected = tensorNamed(*saved, "pos_embed_3x4");
    const auto ours = rtDetrSinePositionEmbedding(3, 4, 256, 10000.0, torch::TensorOptions(torch::kFloat));
    REQUIRE(ours.sizes() == expected.sizes());
    CHECK(ours.scalar_type() == torch::kFloat);
    CHECK(largestDifference(ours, expected) <= 1e-6);
    CHECK_THROWS_AS(rtDetrSinePositionEmbedding(2, 2, 10, 10000.0, torch::TensorOptions()), std::invalid_argument);
}

TEST_CASE("rtdetr-r18's encoder side with the reference's weights gives its maps at two input sizes in eval",
          "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_encoder.py", {"eval"});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    auto side = encoderSideWithReferenceWeights(*saved);
    side->eval();
    torch::NoGradGuard noGrad;
    OneThread oneThread;
    for (const auto& input : kEvalInputs) {
        CAPTURE(input);
        const auto& images = tensorNamed(*saved, input);
        checkMaps(side->backbone()(images), *saved, input + "_backbone", "backbone");
        const auto maps = side(images);
        checkMaps(maps, *saved, input + "_map", "eval");
        for (size_t level = 0; level < maps.size(); ++level) {
            CHECK(maps[level].size(1) == 256);
            CHECK(maps[level].size(2) * (8 << level) == images.size(2));
            CHECK(maps[level].size(3) * (8 << level) == images.size(3));
        }
    }
}

TEST_CASE("rtdetr-r18's encoder side in train mode: batch statistics in the encoder, frozen ones in the backbone",
          "[families][rtdetr]") {
    const auto saved = referenceOrSkip("hf_rtdetr_encoder.py", {"eval"});
    if (!saved) GRAPHLENS_SKIP_MISSING_REFERENCE(saved.missing);
    torch::NoGradGuard noGrad;
    OneThread oneThread;
    for (const auto& input : kEvalInputs) {
        CAPTURE(input);
        auto side = encoderSideWithReferenceWeights(*saved);  // fresh: train mode updates running statistics
        side->train();
        const auto& images = tensorNamed(*saved, input);
        checkMaps(side->backbone()(images), *saved, input + "_backbone", "backbone (train)");
        checkMaps(side(images), *saved, input + "_train", "train");
        // The frozen norms' buffers never move; the encoder's running statistics do.
        const auto reference = savedStateDict(*saved);
        const auto mapping = rtDetrEncoderTransformersNames();
        const auto state = namedState(*side);
        CHECK(torch::equal(state.at("backbone.stem.0.norm.running_mean"),
                           reference.at(referenceName(mapping, "backbone.stem.0.norm.running_mean"))));
        CHECK_FALSE(torch::equal(state.at("input_proj.0.norm.running_mean"),
                                 reference.at(referenceName(mapping, "input_proj.0.norm.running_mean"))));
    }
}

TEST_CASE("rtdetr-r18's encoder side rejects inputs it cannot take", "[families][rtdetr]") {
    RtDetrEncoderSide side;
    side->eval();
    torch::NoGradGuard noGrad;
    CHECK_THROWS_AS(side(torch::zeros({1, 3, 48, 64})), std::invalid_argument);  // not a multiple of 32
    CHECK_THROWS_AS(side(torch::zeros({1, 1, 64, 64})), std::invalid_argument);
    CHECK_THROWS_AS(side(torch::zeros({3, 64, 64})), std::invalid_argument);
    const auto maps = side(torch::zeros({1, 3, 32, 64}));
    REQUIRE(maps.size() == 3);
    CHECK(maps[0].sizes() == torch::IntArrayRef({1, 256, 4, 8}));
    CHECK(maps[1].sizes() == torch::IntArrayRef({1, 256, 2, 4}));
    CHECK(maps[2].sizes() == torch::IntArrayRef({1, 256, 1, 2}));
}

TEST_CASE("rtdetr-r18's encoder side is captured whole in a CUDA graph and replays its eager maps",
          "[families][rtdetr][cuda]") {
#if GRAPHLENS_HAVE_CUDA
    if (!torch::cuda::is_available()) GRAPHLENS_SKIP("no CUDA device");
    torch::manual_seed(5);
    RtDetrEncoderSide side;
    side->to(torch::kCUDA);
    side->eval();
    torch::NoGradGuard noGrad;
    auto images = torch::randn({2, 3, 96, 128}, torch::kCUDA);
    const auto sideStream = c10::cuda::getStreamFromPool();
    std::vector<torch::Tensor> eager, captured;
    {
        c10::cuda::CUDAStreamGuard guard(sideStream);
        eager = side(images);  // warm-up (and the reference) on the capture stream
        at::cuda::CUDAGraph graph;
        graph.capture_begin();
        captured = side(images);
        graph.capture_end();
        images.copy_(torch::randn({2, 3, 96, 128}, torch::kCUDA));
        eager = side(images);
        graph.replay();
    }
    torch::cuda::synchronize();
    REQUIRE(captured.size() == eager.size());
    for (size_t level = 0; level < eager.size(); ++level) {
        CAPTURE(level);
        CHECK(largestDifference(captured[level].cpu(), eager[level].cpu()) <= 1e-5);
    }
#else
    GRAPHLENS_SKIP("built without CUDA");
#endif
}
