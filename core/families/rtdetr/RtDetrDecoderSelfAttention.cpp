#include "families/rtdetr/RtDetrDecoderSelfAttention.h"

#include <ATen/ATen.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

RtDetrDecoderSelfAttentionImpl::RtDetrDecoderSelfAttentionImpl(std::int64_t hidden, std::int64_t heads)
    : hidden_(hidden), heads_(heads) {
    if (heads < 1 || hidden % heads != 0) {
        throw std::invalid_argument("self-attention needs hidden divisible by heads; got " + std::to_string(hidden) +
                                    " and " + std::to_string(heads));
    }
    // registered in transformers' order, so a seeded build draws the same way module by module
    kProj_ = register_module("k_proj", torch::nn::Linear(hidden, hidden));
    vProj_ = register_module("v_proj", torch::nn::Linear(hidden, hidden));
    qProj_ = register_module("q_proj", torch::nn::Linear(hidden, hidden));
    oProj_ = register_module("o_proj", torch::nn::Linear(hidden, hidden));
}

torch::Tensor RtDetrDecoderSelfAttentionImpl::forward(const torch::Tensor& x, const torch::Tensor& position,
                                                      const std::optional<torch::Tensor>& mask) {
    const auto batch = x.size(0), count = x.size(1);
    const auto splitHeads = [&](const torch::Tensor& t) {
        return t.view({batch, count, heads_, hidden_ / heads_}).transpose(1, 2);
    };
    const auto keyed = x + position;
    const auto query = splitHeads(qProj_(keyed));
    // the additive mask in the queries' dtype (fp16 under autocast); 0 and -inf survive the cast
    std::optional<torch::Tensor> additive;
    if (mask) additive = mask->to(query.scalar_type());
    // PyTorch's fused attention, transformers' own (sdpa) path here and the fast one on a GPU.
    const auto attended =
        at::scaled_dot_product_attention(query, splitHeads(kProj_(keyed)), splitHeads(vProj_(x)), additive);
    return oProj_(attended.transpose(1, 2).reshape({batch, count, hidden_}));
}

}  // namespace graphlens::families::rtdetr
