#pragma once
// Multi-scale deformable sampling, the pure-PyTorch path transformers takes with disable_custom_kernels:
// each head reads its value map of every level at a few points by bilinear grid_sample (zeros outside the
// map, align_corners off) and sums what it read with its attention weights.
#include "families/rtdetr/RtDetrMapShape.h"

#include <torch/types.h>

namespace graphlens::families::rtdetr {

// value [B, positions, heads, head dim] (levels flattened finest first, as `shapes` lists them),
// locations [B, queries, heads, levels, points, 2] (x, y in [0, 1] of each map),
// weights [B, queries, heads, levels, points] -> [B, queries, heads * head dim].
torch::Tensor deformableSampling(const torch::Tensor& value, const RtDetrMapShapes& shapes,
                                 const torch::Tensor& locations, const torch::Tensor& weights);

}  // namespace graphlens::families::rtdetr
