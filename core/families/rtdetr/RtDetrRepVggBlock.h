#pragma once
// transformers' RTDetrRepVggBlock (training form, not re-parameterised): a 3x3 and a 1x1 conv-norm branch
// on the same input, no activation in either, summed, then the activation (SiLU for rtdetr-r18). Width
// int(hiddenDim * hiddenExpansion) in and out. Names: conv1 (3x3), conv2 (1x1).
#include "families/rtdetr/RtDetrConvNorm.h"
#include "families/rtdetr/RtDetrEncoderConfig.h"

#include <torch/nn/module.h>

namespace graphlens::families::rtdetr {

class RtDetrRepVggBlockImpl : public torch::nn::Module {
public:
    explicit RtDetrRepVggBlockImpl(const RtDetrEncoderConfig& config);
    torch::Tensor forward(const torch::Tensor& x);
    RtDetrActivation activation() const { return activation_; }
    RtDetrActivation branchActivation() const { return conv1_->activation(); }

private:
    RtDetrActivation activation_;
    RtDetrConvNorm conv1_{nullptr}, conv2_{nullptr};
};
TORCH_MODULE(RtDetrRepVggBlock);

}  // namespace graphlens::families::rtdetr
