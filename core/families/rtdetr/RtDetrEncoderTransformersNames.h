#pragma once
// How RtDetrEncoderSide's parameter and buffer names correspond to those of transformers'
// RTDetrForObjectDetection state_dict (transformers 5.x names: model.backbone.model.embedder.embedder.<k>.
// convolution, model.backbone.model.encoder.stages.<s>.layers.<b>.layer.<0|1>.normalization,
// model.encoder_input_proj.<i>.<0|1>, model.encoder.aifi.0.layers.0.self_attn.q_proj, ...), for loadMapped.
// The backbone's norms are frozen (buffers only, no num_batches_tracked) on both sides.
#include "families/WeightMapping.h"
#include "families/rtdetr/RtDetrEncoderConfig.h"

namespace graphlens::families::rtdetr {

families::NameMapping rtDetrEncoderTransformersNames(const RtDetrEncoderConfig& config = {});

}  // namespace graphlens::families::rtdetr
