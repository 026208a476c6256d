#pragma once
// transformers' RTDetrFrozenBatchNorm2d: a BatchNorm2d whose affine parameters and statistics are buffers
// (weight, bias, running_mean, running_var; no num_batches_tracked), never trained and never updated; the
// same in train and eval mode: x * scale + (bias - running_mean * scale), scale = weight * rsqrt(var + eps).
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include <cstdint>

namespace graphlens::families::rtdetr {

class RtDetrFrozenBatchNormImpl : public torch::nn::Module {
public:
    explicit RtDetrFrozenBatchNormImpl(std::int64_t channels, double eps = 1e-5);
    torch::Tensor forward(const torch::Tensor& x);
    double eps() const { return eps_; }

private:
    double eps_;
    torch::Tensor weight_, bias_, runningMean_, runningVar_;
};
TORCH_MODULE(RtDetrFrozenBatchNorm);

}  // namespace graphlens::families::rtdetr
