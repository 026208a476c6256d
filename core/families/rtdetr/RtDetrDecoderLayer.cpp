#include "families/rtdetr/RtDetrDecoderLayer.h"

#include <ATen/ATen.h>

namespace graphlens::families::rtdetr {

namespace {
torch::nn::LayerNorm layerNorm(const RtDetrDecoderConfig& config) {
    return torch::nn::LayerNorm(torch::nn::LayerNormOptions({config.hidden}).eps(config.layerNormEps));
}
}  // namespace

RtDetrDecoderLayerImpl::RtDetrDecoderLayerImpl(const RtDetrDecoderConfig& config) {
    selfAttention_ = register_module("self_attn", RtDetrDecoderSelfAttention(config.hidden, config.heads));
    selfAttentionNorm_ = register_module("self_attn_layer_norm", layerNorm(config));
    crossAttention_ = register_module(
        "encoder_attn", RtDetrDeformableAttention(config.hidden, config.heads, config.levels, config.points));
    crossAttentionNorm_ = register_module("encoder_attn_layer_norm", layerNorm(config));
    fc1_ = register_module("fc1", torch::nn::Linear(config.hidden, config.ffnHidden));
    fc2_ = register_module("fc2", torch::nn::Linear(config.ffnHidden, config.hidden));
    finalNorm_ = register_module("final_layer_norm", layerNorm(config));
}

torch::Tensor RtDetrDecoderLayerImpl::forward(const torch::Tensor& queries, const torch::Tensor& position,
                                              const torch::Tensor& boxes, const torch::Tensor& memory,
                                              const RtDetrMapShapes& shapes, const std::optional<torch::Tensor>& mask) {
    // Dropout is 0 in RT-DETR's configuration, so training and eval run the same ops here.
    auto x = selfAttentionNorm_(queries + selfAttention_(queries, position, mask));
    x = crossAttentionNorm_(x + crossAttention_(x + position, memory, boxes, shapes));
    return finalNorm_(x + fc2_(at::relu(fc1_(x))));
}

}  // namespace graphlens::families::rtdetr
