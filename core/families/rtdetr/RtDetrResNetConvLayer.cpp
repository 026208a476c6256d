#include "families/rtdetr/RtDetrResNetConvLayer.h"

namespace graphlens::families::rtdetr {

RtDetrResNetConvLayerImpl::RtDetrResNetConvLayerImpl(std::int64_t inChannels, std::int64_t outChannels,
                                                     std::int64_t kernel, std::int64_t stride,
                                                     RtDetrActivation activation, double frozenEps)
    : activation_(activation) {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, outChannels, kernel)
                                                          .stride(stride)
                                                          .padding(kernel / 2)
                                                          .bias(false)));
    norm_ = register_module("norm", RtDetrFrozenBatchNorm(outChannels, frozenEps));
}

torch::Tensor RtDetrResNetConvLayerImpl::forward(const torch::Tensor& x) {
    return rtDetrActivate(activation_, norm_(conv_(x)));
}

}  // namespace graphlens::families::rtdetr
