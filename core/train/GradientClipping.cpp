#include "train/GradientClipping.h"

#include <torch/torch.h>

namespace graphlens::train {

torch::Tensor clipGradientNorm(const std::vector<torch::Tensor>& parameters, double maxNorm) {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> grads;
    for (const auto& parameter : parameters) {
        if (parameter.grad().defined()) {
            grads.push_back(parameter.grad());
        }
    }
    if (grads.empty()) {
        return torch::zeros({}, torch::kFloat32);
    }
    // Per-gradient norms in one foreach kernel, then the norm of those: the same two-level norm as
    // libtorch's clip_grad_norm_ for norm_type 2.
    const auto norms = at::_foreach_norm(grads, /*ord=*/2);
    const auto total = torch::stack(norms).norm(2);
    // min(1, maxNorm / (total + 1e-6)) stays on the device: a multiply by 1 replaces the branch.
    const auto coefficient = torch::clamp(maxNorm / (total + 1e-6), /*min=*/std::nullopt, /*max=*/1.0);
    at::_foreach_mul_(grads, coefficient);
    return total;
}

}  // namespace graphlens::train
