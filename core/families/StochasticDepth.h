#pragma once
// torchvision's stochastic_depth in "row" mode (Huang et al. 2016): in training, each sample's
// residual branch is zeroed with probability p and the survivors scaled by 1 / (1 - p); identity in eval.
#include <torch/types.h>

namespace graphlens::families {

torch::Tensor stochasticDepth(const torch::Tensor& x, double p, bool training);

}  // namespace graphlens::families
