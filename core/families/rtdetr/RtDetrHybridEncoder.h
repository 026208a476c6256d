#pragma once
// RT-DETR's hybrid encoder (transformers' RTDetrHybridEncoder) on the three projected maps [B, hiddenDim, ...]
// at strides 8, 16, 32: AIFI on the encodeLevels (the 1/32 map); a top-down FPN (from the deepest map: a
// 1x1 lateral conv-norm-SiLU, which also replaces that map among the FPN outputs, 2x nearest upsampling,
// concatenation with the next shallower map, a CSPRepLayer); then a bottom-up PAN (from the shallowest
// FPN map: a 3x3 stride-2 conv-norm-SiLU, concatenation with the next deeper FPN map, a CSPRepLayer).
// Returns the PAN maps shallow to deep, [B, hiddenDim, H/8, W/8], [.., H/16, ..], [.., H/32, ..]
// (transformers' encoder_last_hidden_state). Names: aifi.<i>, lateral_convs.<i>, fpn_blocks.<i>,
// downsample_convs.<i>, pan_blocks.<i>.
#include "families/rtdetr/RtDetrAifi.h"
#include "families/rtdetr/RtDetrConvNorm.h"
#include "families/rtdetr/RtDetrCspRepLayer.h"
#include "families/rtdetr/RtDetrEncoderConfig.h"

#include <torch/nn/module.h>

#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrHybridEncoderImpl : public torch::nn::Module {
public:
    explicit RtDetrHybridEncoderImpl(const RtDetrEncoderConfig& config = {});
    std::vector<torch::Tensor> forward(std::vector<torch::Tensor> maps);
    const std::vector<RtDetrAifi>& aifi() const { return aifi_; }
    const std::vector<RtDetrConvNorm>& lateralConvs() const { return lateralConvs_; }
    const std::vector<RtDetrConvNorm>& downsampleConvs() const { return downsampleConvs_; }
    const std::vector<RtDetrCspRepLayer>& fpnBlocks() const { return fpnBlocks_; }
    const std::vector<RtDetrCspRepLayer>& panBlocks() const { return panBlocks_; }

private:
    RtDetrEncoderConfig config_;
    std::vector<RtDetrAifi> aifi_;
    std::vector<RtDetrConvNorm> lateralConvs_, downsampleConvs_;
    std::vector<RtDetrCspRepLayer> fpnBlocks_, panBlocks_;
};
TORCH_MODULE(RtDetrHybridEncoder);

}  // namespace graphlens::families::rtdetr
