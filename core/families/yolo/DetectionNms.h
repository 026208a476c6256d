#pragma once
// Exact greedy non-maximum suppression in tensor ops, on whichever device the boxes are (CPU or CUDA,
// the same code), with the result torchvision.ops.nms / batched_nms give:
//   - boxes are ranked by score, highest first; equal scores keep their input order (the lower index
//     ranks first), as torchvision's CPU kernel does (its CUDA kernel breaks ties in no fixed order);
//   - a box is suppressed iff a KEPT box ranked above it overlaps it with IoU > iouThreshold (strictly);
//   - IoU is computed in fp32 whatever the input's float dtype, with torchvision's formula, so results
//     agree bit for bit (0/0 for two zero-area boxes is NaN: they never suppress each other).
// Memory stays bounded: the ranked boxes are resolved in blocks, never as an N x N matrix.
#include <torch/types.h>

namespace graphlens::families::yolo {

// Greedy NMS. boxes [N,4] x1y1x2y2, scores [N]; returns int64 indices of kept boxes, highest score first.
torch::Tensor nms(const torch::Tensor& boxes, const torch::Tensor& scores, double iouThreshold);

// Class-aware: boxes of different classes never suppress each other (torchvision.ops.batched_nms).
// classes [N], integer or float labels compared for equality.
torch::Tensor batchedNms(const torch::Tensor& boxes, const torch::Tensor& scores, const torch::Tensor& classes,
                         double iouThreshold);

}  // namespace graphlens::families::yolo
