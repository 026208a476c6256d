#pragma once
// A feature map as the transformer blocks see it: tokens [B, height * width, C] in row-major pixel
// order, with the grid they came from (the attention's reduction and the Mix-FFN's depthwise conv
// fold them back into [B, C, height, width]).
#include <torch/types.h>

#include <cstdint>

namespace graphlens::families::segformer {

struct SegformerTokens {
    torch::Tensor tokens;
    std::int64_t height = 0;
    std::int64_t width = 0;
};

// tokens [B, height * width, C] -> [B, C, height, width], a view where the strides allow it.
inline torch::Tensor tokensToGrid(const torch::Tensor& tokens, std::int64_t height, std::int64_t width) {
    return tokens.transpose(1, 2).reshape({tokens.size(0), tokens.size(2), height, width});
}

// [B, C, H, W] -> tokens [B, H * W, C].
inline torch::Tensor gridToTokens(const torch::Tensor& grid) {
    return grid.flatten(2).transpose(1, 2);
}

}  // namespace graphlens::families::segformer
