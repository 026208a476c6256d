#pragma once
// rtdetr-r18's classification loss, equal to transformers' RTDetrLoss.loss_labels_vfl: a binary
// cross-entropy on every class logit of every query whose target is the IoU of the matched
// prediction with its ground truth at the ground truth's class (0 elsewhere), weighted by that IoU on
// the positives and by alpha * sigmoid(logit)^gamma on everything else (the IoU and the weight carry
// no gradient). Summed over images and classes, averaged over queries times their number, then
// divided by numBoxes.
#include "families/rtdetr/RtDetrLossConfig.h"
#include "families/rtdetr/RtDetrMatch.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <vector>

namespace graphlens::families::rtdetr {

// logits [B, Q, C], boxes [B, Q, 4] (cx, cy, w, h) of one layer; the unweighted loss_vfl, a scalar.
torch::Tensor varifocalLoss(const torch::Tensor& logits, const torch::Tensor& boxes,
                            const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches,
                            double numBoxes, const RtDetrLossConfig& config);

}  // namespace graphlens::families::rtdetr
