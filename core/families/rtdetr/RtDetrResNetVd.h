#pragma once
// rtdetr-r18's backbone: transformers' RTDetrResNetBackbone (ResNet-vd) inside RTDetrConvEncoder, with every
// BatchNorm frozen. The vd stem is three 3x3 conv layers (embeddingSize / 2 at stride 2, embeddingSize / 2,
// embeddingSize) and a 3x3 stride-2 max pool (padding 1); then four stages of basic blocks, the first at
// stride 1 (downsampleInFirstStage false), the others halving the size. forward returns the maps of
// config.outStages: for rtdetr-r18 [B, 128, H/8, W/8], [B, 256, H/16, W/16], [B, 512, H/32, W/32].
// Names: stem.<0..2> (conv, norm), stages.<s>.<b> (RtDetrResNetBasicBlock).
#include "families/rtdetr/RtDetrEncoderConfig.h"
#include "families/rtdetr/RtDetrResNetBasicBlock.h"
#include "families/rtdetr/RtDetrResNetConvLayer.h"

#include <torch/nn/module.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrResNetVdImpl : public torch::nn::Module {
public:
    explicit RtDetrResNetVdImpl(const RtDetrEncoderConfig& config = {});
    std::vector<torch::Tensor> forward(const torch::Tensor& images);
    // Channels of each returned map.
    std::vector<std::int64_t> outChannels() const;
    const std::vector<RtDetrResNetConvLayer>& stem() const { return stem_; }
    const std::vector<std::vector<RtDetrResNetBasicBlock>>& stages() const { return stages_; }

private:
    RtDetrEncoderConfig config_;
    std::vector<RtDetrResNetConvLayer> stem_;
    std::vector<std::vector<RtDetrResNetBasicBlock>> stages_;
};
TORCH_MODULE(RtDetrResNetVd);

}  // namespace graphlens::families::rtdetr
