#pragma once
// The Mix Transformer (MiT) encoder: four SegformerStages, each halving the map (the first quartering
// it), giving features at 1/4, 1/8, 1/16 and 1/32 of the input for the decode head.
// Names: stages.<s>.*; stochastic depth rises linearly over all blocks from 0 to config.dropPathRate.
#include "families/segformer/SegformerConfig.h"
#include "families/segformer/SegformerStage.h"

#include <torch/nn/module.h>

#include <vector>

namespace graphlens::families::segformer {

class MixTransformerEncoderImpl : public torch::nn::Module {
public:
    explicit MixTransformerEncoderImpl(const SegformerConfig& config = {});
    // images [B, 3, H, W] -> kStages maps [B, hiddenSizes[s], ~H / 4 / 2^s, ~W / 4 / 2^s].
    std::vector<torch::Tensor> forward(const torch::Tensor& images);
    // Each block's stochastic-depth probability, stages and blocks in order.
    std::vector<double> dropPaths() const;

private:
    std::vector<SegformerStage> stages_;
};
TORCH_MODULE(MixTransformerEncoder);

}  // namespace graphlens::families::segformer
