#pragma once
// How the whole RtDetr's names correspond to transformers' RTDetrForObjectDetection state_dict: the
// encoder side's table under "encoder_side." and the decoder side's under "decoder_side.".
#include "families/WeightMapping.h"

namespace graphlens::families::rtdetr {

families::NameMapping rtdetrTransformersNames();

}  // namespace graphlens::families::rtdetr
