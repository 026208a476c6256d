#pragma once
// rtdetr-r18's training forward as a chain of its submodules, for the training seam search: the
// backbone, the per-level input projections, the hybrid encoder (images only), and the decoder side,
// which reads the step's targets (its denoising queries follow the batch's ground truth). The search
// is meant to find the family's declared seam from this chain, without being told where it is.
#include "families/TrainingChain.h"
#include "families/rtdetr/RtDetr.h"

namespace graphlens::families::rtdetr {

TrainingChain rtdetrTrainingChain(const RtDetr& model);

}  // namespace graphlens::families::rtdetr
