#include "families/rtdetr/RtDetrDeformableSampling.h"

#include <ATen/ATen.h>

#include <stdexcept>

namespace graphlens::families::rtdetr {

torch::Tensor deformableSampling(const torch::Tensor& value, const RtDetrMapShapes& shapes,
                                 const torch::Tensor& locations, const torch::Tensor& weights) {
    const auto batch = value.size(0), heads = value.size(2), headDim = value.size(3);
    const auto queries = locations.size(1), levels = locations.size(3), points = locations.size(4);
    std::vector<std::int64_t> sizes;
    for (const auto& shape : shapes) sizes.push_back(shape.positions());
    if (static_cast<std::int64_t>(shapes.size()) != levels) {
        throw std::invalid_argument("deformable sampling: the locations' levels differ from the map shapes'");
    }
    const auto perLevel = value.split_with_sizes(sizes, 1);
    const auto grids = 2 * locations - 1;  // grid_sample's [-1, 1]
    std::vector<torch::Tensor> sampled;
    for (std::int64_t level = 0; level < levels; ++level) {
        const auto& shape = shapes[static_cast<std::size_t>(level)];
        // [B, hw, heads, d] -> [B * heads, d, h, w]: one image per head
        const auto map = perLevel[static_cast<std::size_t>(level)].flatten(2).transpose(1, 2).reshape(
            {batch * heads, headDim, shape.height, shape.width});
        // [B, Q, heads, points, 2] -> [B * heads, Q, points, 2]
        const auto grid = grids.select(3, level).transpose(1, 2).flatten(0, 1);
        sampled.push_back(at::grid_sampler(map, grid, /*interpolation_mode=*/0, /*padding_mode=*/0,
                                           /*align_corners=*/false));  // [B * heads, d, Q, points]
    }
    const auto flatWeights = weights.transpose(1, 2).reshape({batch * heads, 1, queries, levels * points});
    const auto summed = (at::stack(sampled, -2).flatten(-2) * flatWeights).sum(-1);
    return summed.view({batch, heads * headDim, queries}).transpose(1, 2).contiguous();
}

}  // namespace graphlens::families::rtdetr
