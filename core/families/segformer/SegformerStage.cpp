#include "families/segformer/SegformerStage.h"

#include <torch/nn/modules/container/modulelist.h>

namespace graphlens::families::segformer {

SegformerStageImpl::SegformerStageImpl(const SegformerStageOptions& options)
    : patchEmbed_(register_module("patch_embed",
                                  SegformerPatchEmbed(options.inChannels, options.channels, options.patchSize,
                                                      options.patchStride, options.layerNormEps))) {
    auto blocks = register_module("blocks", torch::nn::ModuleList());
    for (const double dropPath : options.dropPaths) {
        blocks_.emplace_back(options.channels, options.heads, options.reductionRatio, options.mlpRatio,
                             dropPath, options.layerNormEps);
        blocks->push_back(blocks_.back());
    }
    norm_ = register_module(
        "norm",
        torch::nn::LayerNorm(torch::nn::LayerNormOptions({options.channels}).eps(options.layerNormEps)));
}

torch::Tensor SegformerStageImpl::forward(const torch::Tensor& features) {
    auto embedded = patchEmbed_(features);
    auto tokens = embedded.tokens;
    for (auto& block : blocks_) tokens = block(tokens, embedded.height, embedded.width);
    // Back to a plain NCHW map: the next patch embedding and the decode head's projections read it so,
    // and the reference hands them the same layout (its convs then run the same kernels).
    return norm_(tokens)
        .reshape({tokens.size(0), embedded.height, embedded.width, tokens.size(2)})
        .permute({0, 3, 1, 2})
        .contiguous();
}

}  // namespace graphlens::families::segformer
