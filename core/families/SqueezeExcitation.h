#pragma once
// torchvision's SqueezeExcitation (Hu et al. 2018): avgpool -> fc1 (1x1 conv) -> activation -> fc2
// -> scale activation, multiplied into the input. Parameter names fc1/fc2 as in torchvision.
#include "families/ConvNormActivation.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>

namespace graphlens::families {

struct SqueezeExcitationImpl : torch::nn::Module {
    SqueezeExcitationImpl(int64_t inputChannels, int64_t squeezeChannels,
                          Activation activation = Activation::ReLU,
                          Activation scaleActivation = Activation::Sigmoid);
    torch::Tensor forward(const torch::Tensor& x);

    torch::nn::Conv2d fc1{nullptr}, fc2{nullptr};
    Activation activation;
    Activation scaleActivation;
};
TORCH_MODULE(SqueezeExcitation);

}  // namespace graphlens::families
