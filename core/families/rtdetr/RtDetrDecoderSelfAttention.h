#pragma once
// The decoder queries' multi-head self-attention: the position embedding is added to queries and keys,
// not to values (transformers' RTDetrSelfAttention). An additive mask keeps denoising groups apart in
// training. Names: q_proj, k_proj, v_proj, o_proj (Linear).
#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

#include <cstdint>
#include <optional>

namespace graphlens::families::rtdetr {

class RtDetrDecoderSelfAttentionImpl : public torch::nn::Module {
public:
    RtDetrDecoderSelfAttentionImpl(std::int64_t hidden, std::int64_t heads);
    // x, position [B, Q, hidden]; mask [Q, Q] float, 0 where a query may look and -inf where not.
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& position,
                          const std::optional<torch::Tensor>& mask = std::nullopt);

private:
    std::int64_t hidden_, heads_;
    torch::nn::Linear qProj_{nullptr}, kProj_{nullptr}, vProj_{nullptr}, oProj_{nullptr};
};
TORCH_MODULE(RtDetrDecoderSelfAttention);

}  // namespace graphlens::families::rtdetr
