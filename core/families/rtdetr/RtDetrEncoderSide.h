#pragma once
// rtdetr-r18 from the image to the hybrid encoder's three maps: transformers' RTDetrModel.backbone (the
// ResNet-18-vd with frozen BatchNorms), encoder_input_proj (a 1x1 conv + BatchNorm2d per level, to
// hiddenDim) and encoder (RtDetrHybridEncoder). forward(images [B, 3, H, W], H and W multiples of 32)
// returns [B, 256, H/8, W/8], [B, 256, H/16, W/16], [B, 256, H/32, W/32], equal to transformers'
// encoder_last_hidden_state. Tensor ops only, no host sync and no data-dependent shapes: CUDA-graph
// capturable. Names: backbone (RtDetrResNetVd), input_proj.<level> (conv, norm), encoder.
#include "families/rtdetr/RtDetrConvNorm.h"
#include "families/rtdetr/RtDetrEncoderConfig.h"
#include "families/rtdetr/RtDetrHybridEncoder.h"
#include "families/rtdetr/RtDetrResNetVd.h"

#include <torch/nn/module.h>

#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrEncoderSideImpl : public torch::nn::Module {
public:
    explicit RtDetrEncoderSideImpl(const RtDetrEncoderConfig& config = {});
    // Throws std::invalid_argument for an input that is not [B, inputChannels, 32k, 32l].
    std::vector<torch::Tensor> forward(const torch::Tensor& images);
    const RtDetrEncoderConfig& config() const { return config_; }
    RtDetrResNetVd backbone() const { return backbone_; }
    const std::vector<RtDetrConvNorm>& inputProj() const { return inputProj_; }
    RtDetrHybridEncoder encoder() const { return encoder_; }

private:
    RtDetrEncoderConfig config_;
    RtDetrResNetVd backbone_{nullptr};
    std::vector<RtDetrConvNorm> inputProj_;
    RtDetrHybridEncoder encoder_{nullptr};
};
TORCH_MODULE(RtDetrEncoderSide);

}  // namespace graphlens::families::rtdetr
