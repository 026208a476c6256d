#pragma once
// transformers' RTDetrResNetBasicLayer (PResNet's BasicBlock, variant d): two 3x3 conv layers (the first
// with the stride and the activation), plus the shortcut, then the activation. Only the first block of a
// stage has a shortcut projection (transformers forces it there even for ResNet-18/34, as the original
// does); where the channels change it is the vd one: a 2x2 stride-2 average pool (ceil mode) and a 1x1
// conv at stride 1; where they do not (stage 0, 64 -> 64) it is a plain 1x1 conv at the block's stride.
// The other blocks add their input as it is. Names: conv1, conv2, shortcut (when projected).
#include "families/rtdetr/RtDetrEncoderConfig.h"
#include "families/rtdetr/RtDetrResNetConvLayer.h"

#include <torch/nn/module.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrResNetBasicBlockImpl : public torch::nn::Module {
public:
    RtDetrResNetBasicBlockImpl(const RtDetrEncoderConfig& config, std::int64_t inChannels,
                               std::int64_t outChannels, std::int64_t stride, bool projectShortcut);
    torch::Tensor forward(const torch::Tensor& x);
    bool poolsShortcut() const { return poolShortcut_; }
    bool projectsShortcut() const { return !shortcut_.is_empty(); }
    RtDetrActivation activation() const { return activation_; }

private:
    RtDetrActivation activation_;
    bool poolShortcut_ = false;
    RtDetrResNetConvLayer conv1_{nullptr}, conv2_{nullptr};
    RtDetrResNetConvLayer shortcut_{nullptr};
};
TORCH_MODULE(RtDetrResNetBasicBlock);

}  // namespace graphlens::families::rtdetr
