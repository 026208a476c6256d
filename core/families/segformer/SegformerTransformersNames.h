#pragma once
// How Segformer's parameter and buffer names correspond to those of transformers'
// SegformerForSemanticSegmentation state_dict (transformers 5.x names: segformer.stages.<s>.blocks.<b>.
// attention.q_proj, ..., decode_head.linear_projections.<s>.proj), for loadMapped.
#include "families/WeightMapping.h"
#include "families/segformer/SegformerConfig.h"

namespace graphlens::families::segformer {

families::NameMapping segformerTransformersNames(const SegformerConfig& config = {});

}  // namespace graphlens::families::segformer
