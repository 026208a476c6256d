#include "families/ConvNormActivation.h"

#include <torch/nn/init.h>
#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/container/functional.h>
#include <torch/utils.h>

#include <cmath>

namespace graphlens::families {

torch::Tensor activate(Activation activation, const torch::Tensor& x) {
    switch (activation) {
        case Activation::None: return x;
        case Activation::ReLU: return torch::relu(x);
        case Activation::ReLU6: return torch::hardtanh(x, /*min_val=*/0.0, /*max_val=*/6.0);
        case Activation::Hardswish: return torch::hardswish(x);
        case Activation::Hardsigmoid: return torch::hardsigmoid(x);
        case Activation::SiLU: return torch::silu(x);
        case Activation::Sigmoid: return torch::sigmoid(x);
    }
    return x;
}

Sequence convNormActivation(const ConvNormActivationOptions& options) {
    Sequence sequence(
        torch::nn::Conv2d(torch::nn::Conv2dOptions(options.inChannels, options.outChannels, options.kernel)
                              .stride(options.stride)
                              .padding((options.kernel - 1) / 2)
                              .groups(options.groups)
                              .bias(false)),
        torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(options.outChannels)
                                   .eps(options.norm.eps)
                                   .momentum(options.norm.momentum)));
    if (options.activation != Activation::None) {
        const Activation activation = options.activation;
        sequence->push_back(torch::nn::Functional(
            [activation](const torch::Tensor& x) { return activate(activation, x); }));
    }
    return sequence;
}

int64_t makeDivisible(double v, int64_t divisor, int64_t minValue) {
    if (minValue == 0) minValue = divisor;
    int64_t rounded = std::max<int64_t>(
        minValue, static_cast<int64_t>(v + static_cast<double>(divisor) / 2.0) / divisor * divisor);
    if (static_cast<double>(rounded) < 0.9 * v) rounded += divisor;
    return rounded;
}

void initConvAndBatchNorm(torch::nn::Module& root) {
    torch::NoGradGuard noGrad;
    for (auto& module : root.modules(/*include_self=*/false)) {
        if (auto* conv = module->as<torch::nn::Conv2d>()) {
            torch::nn::init::kaiming_normal_(conv->weight, /*a=*/0.0, torch::kFanOut);
            if (conv->bias.defined()) torch::nn::init::zeros_(conv->bias);
        } else if (auto* bn = module->as<torch::nn::BatchNorm2d>()) {
            torch::nn::init::ones_(bn->weight);
            torch::nn::init::zeros_(bn->bias);
        }
    }
}

}  // namespace graphlens::families
