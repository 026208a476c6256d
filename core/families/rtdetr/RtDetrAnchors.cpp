#include "families/rtdetr/RtDetrAnchors.h"

#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace graphlens::families::rtdetr {

RtDetrAnchors rtdetrAnchors(const RtDetrMapShapes& shapes, const torch::TensorOptions& options, double finestSize) {
    if (shapes.empty()) throw std::invalid_argument("anchors need at least one feature map");
    std::vector<torch::Tensor> levels;
    for (std::size_t level = 0; level < shapes.size(); ++level) {
        const auto [height, width] = shapes[level];
        if (height < 1 || width < 1) throw std::invalid_argument("anchors need non-empty feature maps");
        const auto y = at::arange(height, options.dtype(torch::kLong)).to(options.dtype());
        const auto x = at::arange(width, options.dtype(torch::kLong)).to(options.dtype());
        const auto grid = at::meshgrid({y, x}, "ij");
        auto centres = at::stack({grid[1], grid[0]}, -1).unsqueeze(0) + 0.5;
        centres = at::stack({centres.select(-1, 0) / static_cast<double>(width),
                             centres.select(-1, 1) / static_cast<double>(height)},
                            -1);
        const auto sizes = at::ones_like(centres) * finestSize * std::pow(2.0, static_cast<double>(level));
        levels.push_back(at::cat({centres, sizes}, -1).reshape({-1, height * width, 4}));
    }
    const auto boxes = at::cat(levels, 1);
    constexpr double kBorder = 1e-2;
    const auto valid = boxes.gt(kBorder).logical_and(boxes.lt(1 - kBorder)).all(-1, /*keepdim=*/true);
    // where invalid: the dtype's largest finite value (torch.finfo(dtype).max)
    at::Scalar largest;
    AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, boxes.scalar_type(), "rtdetrAnchors",
                                    [&] { largest = at::Scalar(std::numeric_limits<scalar_t>::max()); });
    const auto logits = at::where(valid, at::log(boxes / (1 - boxes)), at::full({}, largest, options));
    return {logits, valid};
}

}  // namespace graphlens::families::rtdetr
