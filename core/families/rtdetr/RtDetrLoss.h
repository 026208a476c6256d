#pragma once
// rtdetr-r18's training loss, equal to transformers' RTDetrForObjectDetectionLoss (RTDetrLoss) in its
// default configuration: the last decoder layer's detection queries are matched to the ground truths
// by the Hungarian matcher (RtDetrHungarianMatcher.h) and charged a varifocal loss
// (RtDetrVarifocalLoss.h), L1 and GIoU (RtDetrBoxLosses.h), divided by the batch's ground truths
// (at least 1). With auxiliaryLoss the same, each with its own matching, for every earlier layer
// (_aux_0 ...) and then for the encoder's top-k proposals (_aux_{layers-1}); with denoising queries as
// well, every layer's denoising queries against the ground truths they were made from
// (RtDetrDenoisingMatch.h, _dn_0 ... _dn_{layers-1}), divided by the ground truths times the groups.
#include "families/rtdetr/RtDetrDecoderOutput.h"
#include "families/rtdetr/RtDetrLossConfig.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <map>
#include <string>
#include <vector>

namespace graphlens::families::rtdetr {

struct RtDetrLossTerms {
    torch::Tensor total;                         // the sum of the terms, what backward() is called on
    std::map<std::string, torch::Tensor> terms;  // transformers' loss_dict: loss_vfl, loss_bbox_aux_0, ...
};

// Differentiable with respect to output.logits, boxes, encTopkLogits and encTopkBoxes; half and
// bfloat16 predictions are computed in fp32. One target per image. Throws std::invalid_argument when
// the shapes, the targets or the denoising layout do not fit.
RtDetrLossTerms rtdetrLoss(const RtDetrDecoderOutput& output, const std::vector<RtDetrTarget>& targets,
                           const RtDetrLossConfig& config = {});

}  // namespace graphlens::families::rtdetr
