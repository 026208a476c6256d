#pragma once
// Overlapping patch embedding: a strided conv whose kernel is wider than its stride (7/4 into the first
// stage, 3/2 into the others), padded by kernel / 2, so neighbouring patches share pixels; then the
// map becomes tokens and is layer-normalised. Names: proj.weight, proj.bias, norm.weight, norm.bias.
#include "families/segformer/SegformerTokens.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/normalization.h>

#include <cstdint>

namespace graphlens::families::segformer {

class SegformerPatchEmbedImpl : public torch::nn::Module {
public:
    SegformerPatchEmbedImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t patchSize,
                            std::int64_t stride, double layerNormEps);
    // [B, inChannels, H, W] -> tokens [B, H' * W', outChannels] with H' = (H - 1) / stride + 1 for odd
    // kernels.
    SegformerTokens forward(const torch::Tensor& images);

private:
    torch::nn::Conv2d proj_{nullptr};
    torch::nn::LayerNorm norm_{nullptr};
};
TORCH_MODULE(SegformerPatchEmbed);

}  // namespace graphlens::families::segformer
