#pragma once
// SegFormer's sizes (Xie et al. 2021). The defaults are mit-b0 as transformers' SegformerConfig() holds it:
// about 3.7 M parameters with ADE20k's 150 labels.
#include <array>
#include <cstdint>

namespace graphlens::families::segformer {

inline constexpr int kStages = 4;

struct SegformerConfig {
    std::array<std::int64_t, kStages> hiddenSizes{32, 64, 160, 256};
    std::array<std::int64_t, kStages> depths{2, 2, 2, 2};
    std::array<std::int64_t, kStages> heads{1, 2, 5, 8};
    std::array<std::int64_t, kStages> reductionRatios{8, 4, 2, 1};  // keys/values: a stride-r conv, r > 1
    std::array<std::int64_t, kStages> patchSizes{7, 3, 3, 3};
    std::array<std::int64_t, kStages> patchStrides{4, 2, 2, 2};
    std::int64_t mlpRatio = 4;
    std::int64_t decoderHiddenSize = 256;
    // Stochastic depth rises linearly from 0 at the first block to this at the last (both branches).
    double dropPathRate = 0.1;
    // transformers' config says layer_norm_eps 1e-6, but its model builds every LayerNorm with PyTorch's
    // default 1e-5 (the original MiT uses 1e-6 in the blocks and stage ends, 1e-5 elsewhere); this follows
    // the reference the network is proven against, and the test compares it with the reference's norms.
    double layerNormEps = 1e-5;
    double classifierDropout = 0.1;
};

}  // namespace graphlens::families::segformer
