#pragma once
// rtdetr-r18's one-to-one matching of queries to ground truths, equal to transformers'
// RTDetrHungarianMatcher: a cost of class (focal-style: alpha (1-p)^gamma (-log p) minus
// (1-alpha) p^gamma (-log(1-p)) of the target class), L1 distance and negative GIoU of the boxes,
// solved per image by linearSumAssignment (LinearSumAssignment.h) in place of scipy's.
#include "families/rtdetr/RtDetrLossConfig.h"
#include "families/rtdetr/RtDetrMatch.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <vector>

namespace graphlens::families::rtdetr {

// The matching cost of every query of every image against every ground truth of the batch,
// [B * queries, total targets], non-finite values replaced by the largest finite value of the dtype
// (so that a diverged prediction is only matched when nothing else can be). Not differentiable.
torch::Tensor hungarianMatchingCost(const torch::Tensor& logits, const torch::Tensor& boxes,
                                    const std::vector<RtDetrTarget>& targets, const RtDetrLossConfig& config);

// logits [B, Q, C], boxes [B, Q, 4] (cx, cy, w, h); one target per image. Per image
// min(Q, targets) pairs sorted by query index, on the CPU as transformers returns them; no gradient.
// Throws std::invalid_argument when the shapes or the number of targets do not fit.
RtDetrMatches hungarianMatch(const torch::Tensor& logits, const torch::Tensor& boxes,
                             const std::vector<RtDetrTarget>& targets, const RtDetrLossConfig& config = {});

}  // namespace graphlens::families::rtdetr
