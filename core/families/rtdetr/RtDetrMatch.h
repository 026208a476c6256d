#pragma once
// Which predictions of one image the loss pairs with which of its ground truths: transformers'
// (index_i, index_j) tuple, from the Hungarian matcher for the detection queries or from the
// denoising layout for the denoising queries.
#include <torch/types.h>

#include <vector>

namespace graphlens::families::rtdetr {

struct RtDetrMatch {
    torch::Tensor predictions;  // int64 [k]: query indices
    torch::Tensor targets;      // int64 [k]: the paired ground truths' indices in the image's target
};

using RtDetrMatches = std::vector<RtDetrMatch>;  // one per image

}  // namespace graphlens::families::rtdetr
