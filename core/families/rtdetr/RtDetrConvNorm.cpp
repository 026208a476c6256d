#include "families/rtdetr/RtDetrConvNorm.h"

namespace graphlens::families::rtdetr {

RtDetrConvNormImpl::RtDetrConvNormImpl(std::int64_t inChannels, std::int64_t outChannels, std::int64_t kernel,
                                       std::int64_t stride, RtDetrActivation activation, double eps,
                                       double momentum)
    : activation_(activation) {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, kernel)
                                                          .stride(stride)
                                                          .padding((kernel - 1) / 2)
                                                          .bias(false)));
    norm_ = register_module(
        "norm", torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(outChannels).eps(eps).momentum(momentum)));
}

torch::Tensor RtDetrConvNormImpl::forward(const torch::Tensor& x) {
    return rtDetrActivate(activation_, norm_(conv_(x)));
}

}  // namespace graphlens::families::rtdetr
