#pragma once
// rtdetr-r18's training output travels from the seam's eager rest to the loss as a c10::IValue (the
// training step's currency): a tuple of the decoder output's tensors and its denoising layout.
#include "families/rtdetr/RtDetrDecoderOutput.h"

#include <ATen/core/ivalue.h>

namespace graphlens::families::rtdetr {

c10::IValue packDecoderOutput(const RtDetrDecoderOutput& output);
// Throws std::invalid_argument when `value` was not made by packDecoderOutput.
RtDetrDecoderOutput unpackDecoderOutput(const c10::IValue& value);

}  // namespace graphlens::families::rtdetr
