#include "families/rtdetr/RtDetrFrozenBatchNorm.h"

#include <ATen/ATen.h>

namespace graphlens::families::rtdetr {

RtDetrFrozenBatchNormImpl::RtDetrFrozenBatchNormImpl(std::int64_t channels, double eps) : eps_(eps) {
    weight_ = register_buffer("weight", torch::ones({channels}));
    bias_ = register_buffer("bias", torch::zeros({channels}));
    runningMean_ = register_buffer("running_mean", torch::zeros({channels}));
    runningVar_ = register_buffer("running_var", torch::ones({channels}));
}

torch::Tensor RtDetrFrozenBatchNormImpl::forward(const torch::Tensor& x) {
    // transformers' order of operations, so the rounding is the same.
    const auto scale = weight_.reshape({1, -1, 1, 1}) * (runningVar_.reshape({1, -1, 1, 1}) + eps_).rsqrt();
    const auto shift = bias_.reshape({1, -1, 1, 1}) - runningMean_.reshape({1, -1, 1, 1}) * scale;
    return x * scale + shift;
}

}  // namespace graphlens::families::rtdetr
