#pragma once
// One MiT encoder block, pre-norm: x + drop(attention(norm1(x))), then + drop(mix_ffn(norm2(x))), where
// drop is stochastic depth (families/StochasticDepth.h): in training each sample's branch is zeroed
// with probability dropPath, drawn separately for the two branches on the tensor's device generator
// (so a captured graph draws anew at every replay); identity in eval.
// Names: norm1, attention.*, norm2, mix_ffn.*.
#include "families/segformer/SegformerEfficientAttention.h"
#include "families/segformer/SegformerMixFfn.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/normalization.h>

#include <cstdint>

namespace graphlens::families::segformer {

class SegformerBlockImpl : public torch::nn::Module {
public:
    SegformerBlockImpl(std::int64_t channels, std::int64_t heads, std::int64_t reductionRatio,
                       std::int64_t mlpRatio, double dropPath, double layerNormEps);
    // tokens [B, height * width, channels] -> the same shape.
    torch::Tensor forward(const torch::Tensor& tokens, std::int64_t height, std::int64_t width);
    double dropPath() const { return dropPath_; }

private:
    torch::nn::LayerNorm norm1_{nullptr};
    SegformerEfficientAttention attention_{nullptr};
    torch::nn::LayerNorm norm2_{nullptr};
    SegformerMixFfn mixFfn_{nullptr};
    double dropPath_;
};
TORCH_MODULE(SegformerBlock);

}  // namespace graphlens::families::segformer
