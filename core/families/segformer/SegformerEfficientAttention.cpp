#include "families/segformer/SegformerEfficientAttention.h"

#include "families/segformer/SegformerTokens.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::segformer {

SegformerEfficientAttentionImpl::SegformerEfficientAttentionImpl(std::int64_t channels, std::int64_t heads,
                                                                 std::int64_t reductionRatio,
                                                                 double layerNormEps)
    : channels_(channels), heads_(heads) {
    if (heads < 1 || channels % heads != 0 || reductionRatio < 1) {
        throw std::invalid_argument(
            "efficient attention needs channels divisible by heads and a reduction ratio "
            ">= 1; got " +
            std::to_string(channels) + " channels, " + std::to_string(heads) + " heads, ratio " +
            std::to_string(reductionRatio));
    }
    query_ = register_module("query", torch::nn::Linear(channels, channels));
    key_ = register_module("key", torch::nn::Linear(channels, channels));
    value_ = register_module("value", torch::nn::Linear(channels, channels));
    output_ = register_module("output", torch::nn::Linear(channels, channels));
    if (reductionRatio > 1) {
        reduction_ = register_module(
            "reduction",
            torch::nn::Conv2d(
                torch::nn::Conv2dOptions(channels, channels, reductionRatio).stride(reductionRatio)));
        reductionNorm_ =
            register_module("reduction_norm",
                            torch::nn::LayerNorm(torch::nn::LayerNormOptions({channels}).eps(layerNormEps)));
    }
}

torch::Tensor SegformerEfficientAttentionImpl::forward(const torch::Tensor& tokens, std::int64_t height,
                                                       std::int64_t width) {
    const auto batch = tokens.size(0), length = tokens.size(1);
    auto context = tokens;  // what keys and values are drawn from
    if (reduction_) context = reductionNorm_(gridToTokens(reduction_(tokensToGrid(tokens, height, width))));
    // [B, n, channels] -> [B, heads, n, channels / heads]
    const auto splitHeads = [this, batch](const torch::Tensor& x) {
        return x.view({batch, x.size(1), heads_, channels_ / heads_}).transpose(1, 2);
    };
    // PyTorch's fused attention: softmax(q k^T / sqrt(head size)) v, the reference's own (sdpa) path, and
    // the fast one on a GPU.
    const auto attended = at::scaled_dot_product_attention(
        splitHeads(query_(tokens)), splitHeads(key_(context)), splitHeads(value_(context)));
    return output_(attended.transpose(1, 2).reshape({batch, length, channels_}));
}

}  // namespace graphlens::families::segformer
