#pragma once
// ConvNeXt-T (Liu et al. 2022), laid out like torchvision's convnext_tiny so names match:
// features.0 (4x4 patchify stem + LayerNorm2d), features.1/3/5/7 (stages of CNBlock: block.0/2/3/5,
// layer_scale), features.2/4/6 (LayerNorm2d + 2x2 stride-2 conv), classifier.0 (LayerNorm2d) / .2.
#include "families/ConvNormActivation.h"
#include "families/Family.h"
#include "families/WeightMapping.h"

#include <torch/nn/module.h>

namespace graphlens::families {

// LayerNorm over channels of an NCHW tensor (torchvision's LayerNorm2d: permute to NHWC, layer_norm, back).
struct LayerNorm2dImpl : torch::nn::Module {
    explicit LayerNorm2dImpl(int64_t channels, double eps = 1e-6);
    torch::Tensor forward(const torch::Tensor& x);

    torch::Tensor weight, bias;
    double eps;
};
TORCH_MODULE(LayerNorm2d);

// 7x7 depthwise conv -> channels-last LayerNorm -> Linear 4x -> GELU -> Linear, scaled by layer_scale,
// stochastic depth, residual.
struct CNBlockImpl : torch::nn::Module {
    CNBlockImpl(int64_t dim, double layerScale, double stochasticDepthProb);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence block{nullptr};
    torch::Tensor layer_scale;  // [dim, 1, 1]
    double stochasticDepthProb;
};
TORCH_MODULE(CNBlock);

struct ConvNeXtTinyImpl : torch::nn::Module {
    explicit ConvNeXtTinyImpl(int64_t numClasses = 1000, double stochasticDepthProb = 0.1,
                              double layerScale = 1e-6);
    torch::Tensor forward(const torch::Tensor& x);

    Sequence features{nullptr}, classifier{nullptr};
};
TORCH_MODULE(ConvNeXtTiny);

// Built-in names -> torchvision.models.convnext_tiny state_dict names.
NameMapping convNeXtTinyTorchvisionNames();

Family makeConvNeXtTinyFamily();

}  // namespace graphlens::families
