#include "families/segformer/SegformerPatchEmbed.h"

namespace graphlens::families::segformer {

SegformerPatchEmbedImpl::SegformerPatchEmbedImpl(std::int64_t inChannels, std::int64_t outChannels,
                                                 std::int64_t patchSize, std::int64_t stride,
                                                 double layerNormEps)
    : proj_(register_module("proj",
                            torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, patchSize)
                                                  .stride(stride)
                                                  .padding(patchSize / 2)))),
      norm_(register_module(
          "norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({outChannels}).eps(layerNormEps)))) {}

SegformerTokens SegformerPatchEmbedImpl::forward(const torch::Tensor& images) {
    const auto grid = proj_(images);
    return {norm_(gridToTokens(grid)), grid.size(2), grid.size(3)};
}

}  // namespace graphlens::families::segformer
