#include "families/rtdetr/RtDetrRepVggBlock.h"

namespace graphlens::families::rtdetr {

RtDetrRepVggBlockImpl::RtDetrRepVggBlockImpl(const RtDetrEncoderConfig& config) : activation_(config.activation) {
    const auto channels = config.cspHidden();
    conv1_ = register_module("conv1", RtDetrConvNorm(channels, channels, 3, 1, RtDetrActivation::Identity,
                                                     config.batchNormEps, config.batchNormMomentum));
    conv2_ = register_module("conv2", RtDetrConvNorm(channels, channels, 1, 1, RtDetrActivation::Identity,
                                                     config.batchNormEps, config.batchNormMomentum));
}

torch::Tensor RtDetrRepVggBlockImpl::forward(const torch::Tensor& x) {
    return rtDetrActivate(activation_, conv1_(x) + conv2_(x));
}

}  // namespace graphlens::families::rtdetr
