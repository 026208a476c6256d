#include "families/yolo/YoloConv.h"

#include <torch/nn/functional/activation.h>

namespace graphlens::families::yolo {

YoloConvImpl::YoloConvImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t kernel,
                           std::int64_t stride, bool activate)
    : conv_(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, kernel)
                                                          .stride(stride)
                                                          .padding(kernel / 2)
                                                          .bias(false)))),
      bn_(register_module("bn", torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(outChannels)
                                                           .eps(kBatchNormEps)
                                                           .momentum(kBatchNormMomentum)))),
      activate_(activate) {}

torch::Tensor YoloConvImpl::forward(const torch::Tensor& x) {
    const auto normalised = bn_(conv_(x));
    return activate_ ? torch::nn::functional::silu(normalised) : normalised;
}

}  // namespace graphlens::families::yolo
