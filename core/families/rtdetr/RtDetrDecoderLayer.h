#pragma once
// One RT-DETR decoder layer, post-norm: query self-attention, deformable cross-attention into the
// encoder's memory around each query's reference box, a ReLU feed-forward; residual + LayerNorm after
// each. Names as transformers' RTDetrDecoderLayer: self_attn, self_attn_layer_norm, encoder_attn,
// encoder_attn_layer_norm, fc1, fc2 (its mlp.fc1, mlp.fc2), final_layer_norm.
#include "families/rtdetr/RtDetrDecoderConfig.h"
#include "families/rtdetr/RtDetrDecoderSelfAttention.h"
#include "families/rtdetr/RtDetrDeformableAttention.h"
#include "families/rtdetr/RtDetrMapShape.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <optional>

namespace graphlens::families::rtdetr {

class RtDetrDecoderLayerImpl : public torch::nn::Module {
public:
    explicit RtDetrDecoderLayerImpl(const RtDetrDecoderConfig& config);
    // queries, position [B, Q, hidden]; boxes [B, Q, 4] sigmoid; memory [B, positions, hidden];
    // mask [Q, Q] additive (training with denoising groups) -> [B, Q, hidden].
    torch::Tensor forward(const torch::Tensor& queries, const torch::Tensor& position, const torch::Tensor& boxes,
                          const torch::Tensor& memory, const RtDetrMapShapes& shapes,
                          const std::optional<torch::Tensor>& mask);

private:
    RtDetrDecoderSelfAttention selfAttention_{nullptr};
    torch::nn::LayerNorm selfAttentionNorm_{nullptr};
    RtDetrDeformableAttention crossAttention_{nullptr};
    torch::nn::LayerNorm crossAttentionNorm_{nullptr};
    torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
    torch::nn::LayerNorm finalNorm_{nullptr};
};
TORCH_MODULE(RtDetrDecoderLayer);

}  // namespace graphlens::families::rtdetr
