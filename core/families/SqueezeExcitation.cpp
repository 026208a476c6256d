#include "families/SqueezeExcitation.h"

#include <torch/nn/functional/pooling.h>

namespace graphlens::families {
namespace F = torch::nn::functional;

SqueezeExcitationImpl::SqueezeExcitationImpl(int64_t inputChannels, int64_t squeezeChannels,
                                             Activation activation, Activation scaleActivation)
    : fc1(register_module("fc1", torch::nn::Conv2d(torch::nn::Conv2dOptions(inputChannels, squeezeChannels, 1)))),
      fc2(register_module("fc2", torch::nn::Conv2d(torch::nn::Conv2dOptions(squeezeChannels, inputChannels, 1)))),
      activation(activation),
      scaleActivation(scaleActivation) {}

torch::Tensor SqueezeExcitationImpl::forward(const torch::Tensor& x) {
    auto scale = F::adaptive_avg_pool2d(x, F::AdaptiveAvgPool2dFuncOptions(1));
    scale = fc2(activate(activation, fc1(scale)));
    return activate(scaleActivation, scale) * x;
}

}  // namespace graphlens::families
