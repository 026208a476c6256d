#pragma once
// MobileNetV3-Small (Howard et al. 2019), laid out like torchvision's mobilenet_v3_small so names match:
// features.0 (stem), features.1..11 (InvertedResidual: block.N), features.12 (last conv), classifier.0/3.
// BatchNorm eps 1e-3 / momentum 0.01, hard-swish, SE with hard-sigmoid gates.
#include "families/Family.h"
#include "families/SqueezeExcitation.h"
#include "families/WeightMapping.h"

#include <torch/nn/module.h>

namespace graphlens::families {

// One row of the paper's table 2 (torchvision's InvertedResidualConfig at width 1.0).
struct MobileNetV3BlockConfig {
    int64_t inChannels, kernel, expandedChannels, outChannels;
    bool useSe;
    Activation activation;  // ReLU ("RE") or Hardswish ("HS")
    int64_t stride;
};

struct MobileNetV3BlockImpl : torch::nn::Module {
    MobileNetV3BlockImpl(const MobileNetV3BlockConfig& config, BatchNormSettings norm);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence block{nullptr};  // [expand], depthwise, [SE], project
    bool useResidual = false;
};
TORCH_MODULE(MobileNetV3Block);

struct MobileNetV3SmallImpl : torch::nn::Module {
    explicit MobileNetV3SmallImpl(int64_t numClasses = 1000);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence features{nullptr}, classifier{nullptr};
};
TORCH_MODULE(MobileNetV3Small);

// Built-in names -> torchvision.models.mobilenet_v3_small state_dict names.
NameMapping mobileNetV3SmallTorchvisionNames();

Family makeMobileNetV3SmallFamily();

}  // namespace graphlens::families
