#pragma once
// EfficientNet-B0 (Tan & Le 2019), laid out like torchvision's efficientnet_b0 so names match:
// features.0 (stem), features.1..7 (stages of MBConv: block.N), features.8 (last conv), classifier.1.
// SiLU, SE with sigmoid gates (squeeze = input channels / 4), stochastic depth 0.2 scaled by block index.
#include "families/Family.h"
#include "families/SqueezeExcitation.h"
#include "families/WeightMapping.h"

#include <torch/nn/module.h>

namespace graphlens::families {

struct MBConvImpl : torch::nn::Module {
    MBConvImpl(int64_t inChannels, int64_t outChannels, int64_t expandRatio, int64_t kernel, int64_t stride,
               double stochasticDepthProb);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence block{nullptr};  // [expand], depthwise, SE, project
    bool useResidual = false;
    double stochasticDepthProb = 0.0;
};
TORCH_MODULE(MBConv);

struct EfficientNetB0Impl : torch::nn::Module {
    explicit EfficientNetB0Impl(int64_t numClasses = 1000, double stochasticDepthProb = 0.2);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence features{nullptr}, classifier{nullptr};
};
TORCH_MODULE(EfficientNetB0);

// Built-in names -> torchvision.models.efficientnet_b0 state_dict names.
NameMapping efficientNetB0TorchvisionNames();

Family makeEfficientNetB0Family();

}  // namespace graphlens::families
