#include "platform/Quantile.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace graphlens::platform {

double quantile(std::vector<double> values, double q) {
    if (values.empty()) throw std::invalid_argument("quantile of no values");
    std::sort(values.begin(), values.end());
    const double position = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const auto above = std::min(below + 1, values.size() - 1);
    const double weight = position - static_cast<double>(below);
    return values[below] + weight * (values[above] - values[below]);
}

}  // namespace graphlens::platform
