#pragma once
// One MiT stage: an overlapping patch embedding (the stage's downsampling), its encoder blocks, a final
// LayerNorm, and the tokens folded back into a [B, C, H, W] map for the next stage and the decode head.
// Names: patch_embed.*, blocks.<i>.*, norm.
#include "families/segformer/SegformerBlock.h"
#include "families/segformer/SegformerPatchEmbed.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/normalization.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::segformer {

struct SegformerStageOptions {
    std::int64_t inChannels, channels, patchSize, patchStride, heads, reductionRatio, mlpRatio;
    std::vector<double> dropPaths;  // one per block
    double layerNormEps;
};

class SegformerStageImpl : public torch::nn::Module {
public:
    explicit SegformerStageImpl(const SegformerStageOptions& options);
    // [B, inChannels, H, W] -> [B, channels, H / stride, W / stride] (rounded up), contiguous.
    torch::Tensor forward(const torch::Tensor& features);
    const std::vector<SegformerBlock>& blocks() const { return blocks_; }

private:
    SegformerPatchEmbed patchEmbed_{nullptr};
    std::vector<SegformerBlock> blocks_;
    torch::nn::LayerNorm norm_{nullptr};
};
TORCH_MODULE(SegformerStage);

}  // namespace graphlens::families::segformer
