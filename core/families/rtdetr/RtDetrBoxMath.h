#pragma once
// Box conversions the decoder side shares, written in transformers' operation order so that fp32 results
// match its image_transforms and inverse_sigmoid bit for bit.
#include <torch/types.h>

namespace graphlens::families::rtdetr {

// log(x / (1 - x)) with x clamped to [0, 1] and both parts to at least eps: finite at 0 and 1.
torch::Tensor inverseSigmoid(const torch::Tensor& x, double eps = 1e-5);
// (cx, cy, w, h -> corners is RtDetrBoxOps' centerToCorners, shared with the loss.)
// [..., 4] x1, y1, x2, y2 -> cx, cy, w, h
torch::Tensor cornersToCentre(const torch::Tensor& boxes);

}  // namespace graphlens::families::rtdetr
