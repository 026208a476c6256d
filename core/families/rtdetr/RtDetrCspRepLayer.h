#pragma once
// transformers' RTDetrCSPRepLayer, the hybrid encoder's FPN and PAN fusion block: the 2 * hiddenDim
// concatenation goes through two 1x1 conv-norm-activation branches of width int(hiddenDim * hiddenExpansion);
// the first then through cspBlocks RepVGG blocks; their sum through a 1x1 conv-norm-activation back to
// hiddenDim (only where the width differs; transformers' Identity otherwise). Names: conv1, conv2,
// bottlenecks.<j>, conv3.
#include "families/rtdetr/RtDetrConvNorm.h"
#include "families/rtdetr/RtDetrEncoderConfig.h"
#include "families/rtdetr/RtDetrRepVggBlock.h"

#include <torch/nn/module.h>

#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrCspRepLayerImpl : public torch::nn::Module {
public:
    explicit RtDetrCspRepLayerImpl(const RtDetrEncoderConfig& config);
    torch::Tensor forward(const torch::Tensor& x);
    RtDetrActivation activation() const { return conv1_->activation(); }
    const std::vector<RtDetrRepVggBlock>& bottlenecks() const { return bottlenecks_; }

private:
    RtDetrConvNorm conv1_{nullptr}, conv2_{nullptr}, conv3_{nullptr};
    std::vector<RtDetrRepVggBlock> bottlenecks_;
};
TORCH_MODULE(RtDetrCspRepLayer);

}  // namespace graphlens::families::rtdetr
