#include "families/rtdetr/RtDetrEncoderTransformersNames.h"

#include <string>
#include <utility>

namespace graphlens::families::rtdetr {

families::NameMapping rtDetrEncoderTransformersNames(const RtDetrEncoderConfig& config) {
    families::NameMapping mapping;
    const std::string backbone = "model.backbone.model.";
    // The ResNet conv layer: conv/norm -> convolution/normalization.
    const auto convLayer = [&](const std::string& ours, const std::string& theirs) {
        mapping.push_back({ours + "conv.", theirs + "convolution."});
        mapping.push_back({ours + "norm.", theirs + "normalization."});
    };
    for (int k = 0; k < 3; ++k) {
        convLayer("backbone.stem." + std::to_string(k) + ".", backbone + "embedder.embedder." + std::to_string(k) + ".");
    }
    auto inChannels = config.embeddingSize;
    for (int s = 0; s < kRtDetrBackboneStages; ++s) {
        for (std::int64_t b = 0; b < config.depths[s]; ++b) {
            const auto ours = "backbone.stages." + std::to_string(s) + "." + std::to_string(b) + ".";
            const auto theirs = backbone + "encoder.stages." + std::to_string(s) + ".layers." + std::to_string(b) + ".";
            convLayer(ours + "conv1.", theirs + "layer.0.");
            convLayer(ours + "conv2.", theirs + "layer.1.");
            if (b == 0) {
                // The vd shortcut is a Sequential(AvgPool2d, RTDetrResNetShortCut) where the channels change.
                const bool pooled = inChannels != config.hiddenSizes[s];
                convLayer(ours + "shortcut.", theirs + (pooled ? "shortcut.1." : "shortcut."));
            }
        }
        inChannels = config.hiddenSizes[s];
    }
    for (std::int64_t level = 0; level < config.levels(); ++level) {
        const auto ours = "input_proj." + std::to_string(level) + ".";
        const auto theirs = "model.encoder_input_proj." + std::to_string(level) + ".";
        mapping.push_back({ours + "conv.", theirs + "0."});
        mapping.push_back({ours + "norm.", theirs + "1."});
    }
    static const std::pair<const char*, const char*> kAifiLayer[] = {
        {"q_proj.", "self_attn.q_proj."},     {"k_proj.", "self_attn.k_proj."},
        {"v_proj.", "self_attn.v_proj."},     {"o_proj.", "self_attn.o_proj."},
        {"attention_norm.", "self_attn_layer_norm."},
        {"fc1.", "mlp.fc1."},                 {"fc2.", "mlp.fc2."},
        {"ffn_norm.", "final_layer_norm."},
    };
    for (size_t i = 0; i < config.encodeLevels.size(); ++i) {
        for (std::int64_t l = 0; l < config.encoderLayers; ++l) {
            const auto layer = "aifi." + std::to_string(i) + ".layers." + std::to_string(l) + ".";
            for (const auto& [from, to] : kAifiLayer) {
                mapping.push_back({"encoder." + layer + from, "model.encoder." + layer + to});
            }
        }
    }
    // The FPN and PAN (lateral_convs, fpn_blocks, downsample_convs, pan_blocks) carry transformers' names.
    for (const char* part : {"lateral_convs.", "fpn_blocks.", "downsample_convs.", "pan_blocks."}) {
        mapping.push_back({std::string("encoder.") + part, std::string("model.encoder.") + part});
    }
    return mapping;
}

}  // namespace graphlens::families::rtdetr
