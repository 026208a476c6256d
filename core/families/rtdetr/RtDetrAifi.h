#pragma once
// AIFI, attention-based intra-scale feature interaction (transformers' RTDetrAIFILayer): the map
// [B, hiddenDim, H, W] is flattened row-major into H * W tokens, the 2-D sine position embedding of the
// H x W grid is built on the map's device, encoderLayers transformer layers run, and the tokens go back
// to [B, hiddenDim, H, W]. transformers drops the position embedding in eval when its config sets
// eval_size; rtdetr-r18's does not, and this always uses it. Names: layers.<l> (RtDetrAifiLayer).
#include "families/rtdetr/RtDetrAifiLayer.h"
#include "families/rtdetr/RtDetrEncoderConfig.h"

#include <torch/nn/module.h>

#include <vector>

namespace graphlens::families::rtdetr {

class RtDetrAifiImpl : public torch::nn::Module {
public:
    explicit RtDetrAifiImpl(const RtDetrEncoderConfig& config);
    torch::Tensor forward(const torch::Tensor& map);
    const std::vector<RtDetrAifiLayer>& layers() const { return layers_; }

private:
    RtDetrEncoderConfig config_;
    std::vector<RtDetrAifiLayer> layers_;
};
TORCH_MODULE(RtDetrAifi);

}  // namespace graphlens::families::rtdetr
