#pragma once
// Box arithmetic of rtdetr-r18's matcher and loss, written as transformers writes it (no eps
// anywhere: the boxes come out of a sigmoid, so widths and heights are positive), so that costs and
// losses agree with RTDetrLoss to the last bits. YOLO's BoxIou adds eps terms and is not used here.
#include <torch/types.h>

namespace graphlens::families::rtdetr {

// [..., 4] centre x, centre y, width, height -> [..., 4] x1, y1, x2, y2.
torch::Tensor centerToCorners(const torch::Tensor& boxes);

struct RtDetrBoxOverlap {
    torch::Tensor iou;        // intersection / union
    torch::Tensor unionArea;  // the union's area, which the generalized IoU needs too
};

// IoU of corner boxes [..., 4] and [..., 4] that broadcast over their leading dimensions; one value per
// pair. Pass [N, 1, 4] and [1, M, 4] (or use the pairwise functions) for every pair.
RtDetrBoxOverlap boxOverlap(const torch::Tensor& first, const torch::Tensor& second);

// Generalized IoU (Rezatofighi et al., 2019) of broadcasting corner boxes: IoU minus the share of the
// enclosing box that the union leaves empty; in [-1, 1].
torch::Tensor generalizedBoxIou(const torch::Tensor& first, const torch::Tensor& second);

// [N, 4] and [M, 4] corner boxes -> [N, M]: every pair (transformers' box_iou / generalized_box_iou).
torch::Tensor pairwiseBoxIou(const torch::Tensor& first, const torch::Tensor& second);
torch::Tensor pairwiseGeneralizedBoxIou(const torch::Tensor& first, const torch::Tensor& second);

}  // namespace graphlens::families::rtdetr
