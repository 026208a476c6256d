#pragma once
// RT-DETR's contrastive denoising queries (transformers' get_contrastive_denoising_training_group): the
// ground truths of every image, padded to the batch's largest count, repeated in groups of a positive
// and a negative copy (as many groups as fit in the denoising budget, at least one). Labels are swapped
// for a random class with probability labelNoise / 2; boxes are jittered by up to boxNoise x half their
// size per corner, positives by less than that and negatives by between one and two times that. The
// attention mask keeps detection queries from seeing denoising queries and groups from seeing each other.
//
// The noise is drawn from the default generator of the targets' device in transformers' order and with
// its shapes and dtypes, so the same seed gives the same noise as the reference.
#include "families/rtdetr/RtDetrDecoderConfig.h"
#include "families/rtdetr/RtDetrDecoderOutput.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <optional>
#include <vector>

namespace graphlens::families::rtdetr {

struct RtDetrDenoisingGroup {
    torch::Tensor classIds;       // int32 [B, denoising queries]: noised labels, `classes` where padded
    torch::Tensor boxLogits;      // [B, denoising queries, 4]: noised boxes, inverse sigmoid of cx, cy, w, h
    torch::Tensor attentionMask;  // float [all queries, all queries]: 0 where a query may look, -inf not
    RtDetrDenoising layout;
};

// nullopt when no image has a ground truth or the budget is 0 (transformers then builds no group).
std::optional<RtDetrDenoisingGroup> rtdetrDenoisingGroup(const std::vector<RtDetrTarget>& targets,
                                                         const RtDetrDecoderConfig& config);

}  // namespace graphlens::families::rtdetr
