#pragma once
// SegFormer's all-MLP decode head: each stage's map is projected to decoderHiddenSize channels by a
// Linear over its tokens and upsampled (bilinear) to the first stage's 1/4 size; the four are
// concatenated, deepest first, fused by a 1x1 conv + BatchNorm + ReLU, and a dropout and a 1x1
// classifier give logits at 1/4 of the input.
// Names: projections.<s>, fuse (no bias), fuse_norm, classifier.
#include "families/segformer/SegformerConfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::segformer {

class SegformerDecodeHeadImpl : public torch::nn::Module {
public:
    SegformerDecodeHeadImpl(const SegformerConfig& config, std::int64_t numLabels);
    // The encoder's kStages maps -> logits [B, numLabels, H1, W1], the first map's size.
    torch::Tensor forward(const std::vector<torch::Tensor>& features);

private:
    std::vector<torch::nn::Linear> projections_;
    torch::nn::Conv2d fuse_{nullptr};
    torch::nn::BatchNorm2d fuseNorm_{nullptr};
    torch::nn::Dropout dropout_{nullptr};
    torch::nn::Conv2d classifier_{nullptr};
};
TORCH_MODULE(SegformerDecodeHead);

}  // namespace graphlens::families::segformer
