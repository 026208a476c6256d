#pragma once
// Clip the gradients' total L2 norm to maxNorm without a host synchronisation (libtorch's
// clip_grad_norm_ returns the norm as a double, which waits for the GPU and cannot be captured):
// total = ||(||g_i||)_i||, every g_i *= min(1, maxNorm / (total + 1e-6)). Returns total (device).
// Same result as torch::nn::utils::clip_grad_norm_. Undefined gradients are skipped.
#include <torch/types.h>

#include <vector>

namespace graphlens::train {

torch::Tensor clipGradientNorm(const std::vector<torch::Tensor>& parameters, double maxNorm);

}  // namespace graphlens::train
