#pragma once
// rtdetr-r18's encoder-side sizes and settings (backbone, encoder input projections, hybrid encoder) as
// transformers builds them from tests/fixtures/hf_rtdetr_config.py (RTDetrConfig with an RTDetrResNetConfig
// of basic blocks 2-2-2-2, widths 64-512, hidden expansion 0.5); every other value is RTDetrConfig's default,
// the published RT-DETR setting. The defaults are rtdetr-r18.
#include <ATen/ATen.h>
#include <torch/types.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace graphlens::families::rtdetr {

enum class RtDetrActivation { Identity, ReLU, SiLU, GELU };  // GELU: the exact (erf) one

inline torch::Tensor rtDetrActivate(RtDetrActivation activation, const torch::Tensor& x) {
    switch (activation) {
        case RtDetrActivation::Identity: return x;
        case RtDetrActivation::ReLU: return at::relu(x);
        case RtDetrActivation::SiLU: return at::silu(x);
        case RtDetrActivation::GELU: return at::gelu(x);
    }
    return x;
}

// transformers' activation names: identity, relu, silu, gelu.
inline std::string rtDetrActivationName(RtDetrActivation activation) {
    switch (activation) {
        case RtDetrActivation::Identity: return "identity";
        case RtDetrActivation::ReLU: return "relu";
        case RtDetrActivation::SiLU: return "silu";
        case RtDetrActivation::GELU: return "gelu";
    }
    return "?";
}

inline constexpr int kRtDetrBackboneStages = 4;

struct RtDetrEncoderConfig {
    // Backbone: ResNet-vd (RTDetrResNetConfig). The stem is three 3x3 conv layers, embeddingSize / 2,
    // embeddingSize / 2, embeddingSize channels (the first at stride 2), then a 3x3 stride-2 max pool.
    std::int64_t inputChannels = 3;
    std::int64_t embeddingSize = 64;
    std::array<std::int64_t, kRtDetrBackboneStages> hiddenSizes{64, 128, 256, 512};
    std::array<std::int64_t, kRtDetrBackboneStages> depths{2, 2, 2, 2};
    bool downsampleInFirstStage = false;  // stage 0 runs at stride 1 (the stem already divides by 4)
    RtDetrActivation backboneActivation = RtDetrActivation::ReLU;  // hidden_act
    // The backbone's BatchNorms are RTDetrFrozenBatchNorm2d (freeze_backbone_batch_norms=True): buffers,
    // always their running statistics, and an eps of 1e-5 written into transformers' forward (not a setting).
    double frozenBatchNormEps = 1e-5;
    // Backbone stages whose maps feed the encoder (out_indices 2, 3, 4 count the stem as 0): strides 8, 16, 32.
    std::vector<int> outStages{1, 2, 3};

    // Encoder input projections: a 1x1 conv (no bias) and a BatchNorm2d per level. transformers builds
    // these BatchNorms with PyTorch's default eps, not batch_norm_eps (equal in this configuration).
    double inputProjBatchNormEps = 1e-5;

    // Hybrid encoder (RTDetrHybridEncoder).
    std::int64_t hiddenDim = 256;       // encoder_hidden_dim
    std::vector<int> encodeLevels{2};   // encode_proj_layers: the levels AIFI runs on (the 1/32 one)
    std::int64_t encoderLayers = 1;     // transformer layers per AIFI
    std::int64_t ffnDim = 1024;
    std::int64_t attentionHeads = 8;
    double dropout = 0.0;
    double activationDropout = 0.0;
    double attentionDropout = 0.0;      // transformers passes `dropout` to the attention (both 0 here)
    bool normalizeBefore = false;       // post-norm transformer layer
    double layerNormEps = 1e-5;
    double positionTemperature = 10000.0;
    RtDetrActivation encoderActivation = RtDetrActivation::GELU;  // encoder_activation_function (the FFN)
    RtDetrActivation activation = RtDetrActivation::SiLU;  // activation_function: lateral/downsample/CSP/RepVGG
    double batchNormEps = 1e-5;         // batch_norm_eps: the hybrid encoder's conv-norm layers
    double batchNormMomentum = 0.1;
    double hiddenExpansion = 0.5;       // CSP/RepVGG width = int(hiddenDim * hiddenExpansion)
    std::int64_t cspBlocks = 3;         // RepVGG blocks per CSPRepLayer (fixed at 3 in transformers)

    std::int64_t levels() const { return static_cast<std::int64_t>(outStages.size()); }
    std::int64_t cspHidden() const { return static_cast<std::int64_t>(hiddenDim * hiddenExpansion); }
};

}  // namespace graphlens::families::rtdetr
