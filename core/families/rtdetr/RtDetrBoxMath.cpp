#include "families/rtdetr/RtDetrBoxMath.h"

#include <ATen/ATen.h>

namespace graphlens::families::rtdetr {

torch::Tensor inverseSigmoid(const torch::Tensor& x, double eps) {
    const auto clamped = x.clamp(0, 1);
    return at::log(clamped.clamp_min(eps) / (1 - clamped).clamp_min(eps));
}

torch::Tensor cornersToCentre(const torch::Tensor& boxes) {
    const auto parts = boxes.unbind(-1);
    const auto &x1 = parts[0], &y1 = parts[1], &x2 = parts[2], &y2 = parts[3];
    return at::stack({(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1}, -1);
}

}  // namespace graphlens::families::rtdetr
