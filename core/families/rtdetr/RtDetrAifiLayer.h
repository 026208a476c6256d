#pragma once
// One transformer encoder layer of AIFI (transformers' RTDetrEncoderLayer): multi-head self-attention whose
// queries and keys (not values) get the position embedding added, then a ReLU-free FFN (fc1, the encoder
// activation: exact GELU for rtdetr-r18, fc2). Post-norm by default (normalize_before=False): each sublayer
// is LayerNorm(x + sublayer(x)); pre-norm when normalizeBefore. In training, the output is clamped to
// +-(float max - 1000) as transformers does when it is not finite (unconditionally here: a no-op on finite
// values, and no host sync). Names: q_proj, k_proj, v_proj, o_proj, attention_norm, fc1, fc2, ffn_norm.
#include "families/rtdetr/RtDetrEncoderConfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrAifiLayerImpl : public torch::nn::Module {
public:
    explicit RtDetrAifiLayerImpl(const RtDetrEncoderConfig& config);
    // tokens [B, N, hiddenDim], position [1 or B, N, hiddenDim] -> [B, N, hiddenDim].
    torch::Tensor forward(const torch::Tensor& tokens, const torch::Tensor& position);
    RtDetrActivation activation() const { return config_.encoderActivation; }
    const torch::nn::LayerNorm& attentionNorm() const { return attentionNorm_; }

private:
    torch::Tensor attend(const torch::Tensor& x, const torch::Tensor& position);
    torch::Tensor dropout(const torch::Tensor& x, double p);

    RtDetrEncoderConfig config_;
    torch::nn::Linear qProj_{nullptr}, kProj_{nullptr}, vProj_{nullptr}, oProj_{nullptr};
    torch::nn::LayerNorm attentionNorm_{nullptr};
    torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
    torch::nn::LayerNorm ffnNorm_{nullptr};
};
TORCH_MODULE(RtDetrAifiLayer);

}  // namespace graphlens::families::rtdetr
