#pragma once
// transformers' RTDetrResNetConvLayer with its BatchNorm frozen: a conv (padding kernel / 2, no bias), an
// RtDetrFrozenBatchNorm and an optional activation. The backbone's shortcut projection is the same without
// the activation. Names: conv, norm.
#include "families/rtdetr/RtDetrEncoderConfig.h"
#include "families/rtdetr/RtDetrFrozenBatchNorm.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrResNetConvLayerImpl : public torch::nn::Module {
public:
    RtDetrResNetConvLayerImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t kernel,
                              std::int64_t stride, RtDetrActivation activation, double frozenEps);
    torch::Tensor forward(const torch::Tensor& x);
    RtDetrActivation activation() const { return activation_; }
    const RtDetrFrozenBatchNorm& norm() const { return norm_; }

private:
    RtDetrActivation activation_;
    torch::nn::Conv2d conv_{nullptr};
    RtDetrFrozenBatchNorm norm_{nullptr};
};
TORCH_MODULE(RtDetrResNetConvLayer);

}  // namespace graphlens::families::rtdetr
