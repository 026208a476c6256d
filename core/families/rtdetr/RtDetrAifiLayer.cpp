#include "families/rtdetr/RtDetrAifiLayer.h"

#include <ATen/ATen.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

RtDetrAifiLayerImpl::RtDetrAifiLayerImpl(const RtDetrEncoderConfig& config) : config_(config) {
    const auto dim = config.hiddenDim;
    if (config.attentionHeads < 1 || dim % config.attentionHeads != 0) {
        throw std::invalid_argument("AIFI needs hidden dim divisible by the heads; got " + std::to_string(dim) +
                                    " and " + std::to_string(config.attentionHeads));
    }
    qProj_ = register_module("q_proj", torch::nn::Linear(dim, dim));
    kProj_ = register_module("k_proj", torch::nn::Linear(dim, dim));
    vProj_ = register_module("v_proj", torch::nn::Linear(dim, dim));
    oProj_ = register_module("o_proj", torch::nn::Linear(dim, dim));
    attentionNorm_ = register_module(
        "attention_norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim}).eps(config.layerNormEps)));
    fc1_ = register_module("fc1", torch::nn::Linear(dim, config.ffnDim));
    fc2_ = register_module("fc2", torch::nn::Linear(config.ffnDim, dim));
    ffnNorm_ = register_module("ffn_norm",
                               torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim}).eps(config.layerNormEps)));
}

torch::Tensor RtDetrAifiLayerImpl::dropout(const torch::Tensor& x, double p) {
    return (is_training() && p > 0.0) ? at::dropout(x, p, /*train=*/true) : x;
}

torch::Tensor RtDetrAifiLayerImpl::attend(const torch::Tensor& x, const torch::Tensor& position) {
    const auto batch = x.size(0), length = x.size(1);
    const auto heads = config_.attentionHeads, headDim = config_.hiddenDim / heads;
    const auto queryKey = position.defined() ? x + position : x;
    const auto split = [&](const torch::Tensor& t) { return t.view({batch, length, heads, headDim}).transpose(1, 2); };
    const auto attended = at::scaled_dot_product_attention(
        split(qProj_(queryKey)), split(kProj_(queryKey)), split(vProj_(x)), /*attn_mask=*/{},
        /*dropout_p=*/is_training() ? config_.attentionDropout : 0.0, /*is_causal=*/false,
        /*scale=*/1.0 / std::sqrt(static_cast<double>(headDim)));
    return oProj_(attended.transpose(1, 2).reshape({batch, length, config_.hiddenDim}));
}

torch::Tensor RtDetrAifiLayerImpl::forward(const torch::Tensor& tokens, const torch::Tensor& position) {
    auto x = tokens;
    auto residual = x;
    if (config_.normalizeBefore) x = attentionNorm_(x);
    x = residual + dropout(attend(x, position), config_.dropout);
    if (!config_.normalizeBefore) x = attentionNorm_(x);

    if (config_.normalizeBefore) x = ffnNorm_(x);
    residual = x;
    auto y = rtDetrActivate(config_.encoderActivation, fc1_(x));
    y = dropout(fc2_(dropout(y, config_.activationDropout)), config_.dropout);
    x = residual + y;
    if (!config_.normalizeBefore) x = ffnNorm_(x);

    if (is_training()) {
        const double bound = static_cast<double>(std::numeric_limits<float>::max()) - 1000.0;
        if (x.scalar_type() == at::kFloat) x = x.clamp(-bound, bound);
    }
    return x;
}

}  // namespace graphlens::families::rtdetr
