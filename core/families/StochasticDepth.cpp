#include "families/StochasticDepth.h"

#include <stdexcept>
#include <vector>

namespace graphlens::families {

torch::Tensor stochasticDepth(const torch::Tensor& x, double p, bool training) {
    if (p < 0.0 || p > 1.0) throw std::invalid_argument("stochastic depth probability must lie in [0, 1]");
    if (!training || p == 0.0) return x;
    const double survival = 1.0 - p;
    std::vector<int64_t> size(static_cast<size_t>(x.dim()), 1);
    size[0] = x.size(0);
    auto noise = torch::empty(size, x.options()).bernoulli_(survival);
    if (survival > 0.0) noise.div_(survival);
    return x * noise;
}

}  // namespace graphlens::families
