#pragma once
// How RtDetrDecoderSide's parameter and buffer names correspond to transformers' RTDetrForObjectDetection
// state_dict (5.x): the same tree under "model.", except that a decoder layer's feed-forward fc1 / fc2 sit
// in its `mlp` there. transformers 5.23 keeps the per-layer heads only under model.decoder.class_embed /
// bbox_embed (no duplicated top-level keys), so each reference entry is used once. For loadMapped.
#include "families/WeightMapping.h"
#include "families/rtdetr/RtDetrDecoderConfig.h"

namespace graphlens::families::rtdetr {

families::NameMapping rtdetrDecoderTransformersNames(const RtDetrDecoderConfig& config = {});

}  // namespace graphlens::families::rtdetr
