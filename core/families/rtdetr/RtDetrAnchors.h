#pragma once
// The encoder proposals' anchors (transformers' RTDetrModel.generate_anchors): one box per map position,
// centred on it, 0.05 wide and high at the finest level and doubled per level, as logits (inverse sigmoid).
// Anchors reaching within 0.01 of the image border are invalid: their logits are the dtype's largest
// value and the memory at their positions is zeroed before the proposal heads.
//
// Built with device ops on the requested device every call (a few small kernels, no host data copied),
// so the whole inference forward can be captured in a CUDA graph without a cache to invalidate.
#include "families/rtdetr/RtDetrMapShape.h"

#include <torch/types.h>

namespace graphlens::families::rtdetr {

struct RtDetrAnchors {
    torch::Tensor logits;  // [1, positions, 4]: cx, cy, w, h as logits; the dtype's max where invalid
    torch::Tensor valid;   // bool [1, positions, 1]
};

RtDetrAnchors rtdetrAnchors(const RtDetrMapShapes& shapes, const torch::TensorOptions& options,
                            double finestSize = 0.05);

}  // namespace graphlens::families::rtdetr
