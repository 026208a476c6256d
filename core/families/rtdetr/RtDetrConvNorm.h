#pragma once
// transformers' RTDetrConvNormLayer: a conv (no bias, padding (kernel - 1) / 2), a trainable BatchNorm2d
// and an optional activation. Also the encoder input projections (a 1x1 conv and a BatchNorm2d, no
// activation). Names: conv, norm.
#include "families/rtdetr/RtDetrEncoderConfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/conv.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrConvNormImpl : public torch::nn::Module {
public:
    RtDetrConvNormImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t kernel, std::int64_t stride,
                       RtDetrActivation activation, double eps, double momentum = 0.1);
    torch::Tensor forward(const torch::Tensor& x);
    RtDetrActivation activation() const { return activation_; }

private:
    RtDetrActivation activation_;
    torch::nn::Conv2d conv_{nullptr};
    torch::nn::BatchNorm2d norm_{nullptr};
};
TORCH_MODULE(RtDetrConvNorm);

}  // namespace graphlens::families::rtdetr
