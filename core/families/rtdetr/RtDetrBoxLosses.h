#pragma once
// rtdetr-r18's box losses, equal to transformers' RTDetrLoss.loss_boxes: the L1 distance of the
// matched predictions to their ground truths (cx, cy, w, h) and 1 - GIoU, each summed and divided by
// numBoxes. A batch without matches gives zeros.
#include "families/rtdetr/RtDetrMatch.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <vector>

namespace graphlens::families::rtdetr {

struct RtDetrBoxLosses {
    torch::Tensor l1;    // unweighted loss_bbox, a scalar
    torch::Tensor giou;  // unweighted loss_giou, a scalar
};

// boxes [B, Q, 4] (cx, cy, w, h) of one layer.
RtDetrBoxLosses boxLosses(const torch::Tensor& boxes, const std::vector<RtDetrTarget>& targets,
                          const RtDetrMatches& matches, double numBoxes);

}  // namespace graphlens::families::rtdetr
