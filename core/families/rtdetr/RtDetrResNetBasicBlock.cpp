#include "families/rtdetr/RtDetrResNetBasicBlock.h"

#include <ATen/ATen.h>

#include <stdexcept>

namespace graphlens::families::rtdetr {

RtDetrResNetBasicBlockImpl::RtDetrResNetBasicBlockImpl(const RtDetrEncoderConfig& config,
                                                       std::int64_t inChannels, std::int64_t outChannels,
                                                       std::int64_t stride, bool projectShortcut)
    : activation_(config.backboneActivation) {
    const auto eps = config.frozenBatchNormEps;
    conv1_ = register_module(
        "conv1", RtDetrResNetConvLayer(inChannels, outChannels, 3, stride, config.backboneActivation, eps));
    conv2_ = register_module("conv2",
                             RtDetrResNetConvLayer(outChannels, outChannels, 3, 1, RtDetrActivation::Identity, eps));
    if (projectShortcut) {
        // transformers pools whenever the channels change, whatever the stride; only stride 2 makes sense.
        poolShortcut_ = inChannels != outChannels;
        if (poolShortcut_ && stride != 2) {
            throw std::invalid_argument("the vd shortcut pools by 2, so a block changing channels needs stride 2");
        }
        shortcut_ = register_module(
            "shortcut", RtDetrResNetConvLayer(inChannels, outChannels, 1, poolShortcut_ ? 1 : stride,
                                              RtDetrActivation::Identity, eps));
    } else if (inChannels != outChannels || stride != 1) {
        throw std::invalid_argument("a basic block without a shortcut projection keeps channels and size");
    }
}

torch::Tensor RtDetrResNetBasicBlockImpl::forward(const torch::Tensor& x) {
    auto residual = x;
    if (!shortcut_.is_empty()) {
        if (poolShortcut_) {
            residual = at::avg_pool2d(residual, /*kernel_size=*/{2, 2}, /*stride=*/{2, 2}, /*padding=*/{0, 0},
                                      /*ceil_mode=*/true, /*count_include_pad=*/true);
        }
        residual = shortcut_(residual);
    }
    return rtDetrActivate(activation_, conv2_(conv1_(x)) + residual);
}

}  // namespace graphlens::families::rtdetr
