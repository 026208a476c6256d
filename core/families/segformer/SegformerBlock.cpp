#include "families/segformer/SegformerBlock.h"

#include "families/StochasticDepth.h"

namespace graphlens::families::segformer {

namespace {
torch::nn::LayerNorm layerNorm(std::int64_t channels, double eps) {
    return torch::nn::LayerNorm(torch::nn::LayerNormOptions({channels}).eps(eps));
}
}  // namespace

SegformerBlockImpl::SegformerBlockImpl(std::int64_t channels, std::int64_t heads, std::int64_t reductionRatio,
                                       std::int64_t mlpRatio, double dropPath, double layerNormEps)
    : norm1_(register_module("norm1", layerNorm(channels, layerNormEps))),
      attention_(register_module("attention",
                                 SegformerEfficientAttention(channels, heads, reductionRatio, layerNormEps))),
      norm2_(register_module("norm2", layerNorm(channels, layerNormEps))),
      mixFfn_(register_module("mix_ffn", SegformerMixFfn(channels, channels * mlpRatio))),
      dropPath_(dropPath) {}

torch::Tensor SegformerBlockImpl::forward(const torch::Tensor& tokens, std::int64_t height,
                                          std::int64_t width) {
    const bool training = is_training();
    const auto attended =
        tokens + stochasticDepth(attention_(norm1_(tokens), height, width), dropPath_, training);
    return attended + stochasticDepth(mixFfn_(norm2_(attended), height, width), dropPath_, training);
}

}  // namespace graphlens::families::segformer
