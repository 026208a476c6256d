#include "families/rtdetr/RtDetrCspRepLayer.h"

#include <torch/nn/modules/container/modulelist.h>

namespace graphlens::families::rtdetr {

RtDetrCspRepLayerImpl::RtDetrCspRepLayerImpl(const RtDetrEncoderConfig& config) {
    const auto in = config.hiddenDim * 2, out = config.hiddenDim, hidden = config.cspHidden();
    const auto eps = config.batchNormEps, momentum = config.batchNormMomentum;
    conv1_ = register_module("conv1", RtDetrConvNorm(in, hidden, 1, 1, config.activation, eps, momentum));
    conv2_ = register_module("conv2", RtDetrConvNorm(in, hidden, 1, 1, config.activation, eps, momentum));
    auto bottlenecks = register_module("bottlenecks", torch::nn::ModuleList());
    for (std::int64_t j = 0; j < config.cspBlocks; ++j) {
        bottlenecks_.emplace_back(config);
        bottlenecks->push_back(bottlenecks_.back());
    }
    if (hidden != out) {
        conv3_ = register_module("conv3", RtDetrConvNorm(hidden, out, 1, 1, config.activation, eps, momentum));
    }
}

torch::Tensor RtDetrCspRepLayerImpl::forward(const torch::Tensor& x) {
    auto branch = conv1_(x);
    for (auto& block : bottlenecks_) branch = block(branch);
    const auto sum = branch + conv2_(x);
    return conv3_.is_empty() ? sum : conv3_(sum);
}

}  // namespace graphlens::families::rtdetr
