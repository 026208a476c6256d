#pragma once
// The fixed pairing of rtdetr-r18's positive denoising queries with the ground truths they were made
// from (transformers' RTDetrLoss.get_cdn_matched_indices): no Hungarian matching, since each
// denoising query is a noised copy of one known box.
#include "families/rtdetr/RtDetrDecoderOutput.h"
#include "families/rtdetr/RtDetrMatch.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <vector>

namespace graphlens::families::rtdetr {

// Per image: the positive denoising queries (denoising.positiveIndices) against ground truths
// 0, 1, ..., n-1 repeated once per group; nothing for an image without ground truths. Throws
// std::invalid_argument when an image's positive indices are not n x groups.
RtDetrMatches denoisingMatches(const RtDetrDenoising& denoising, const std::vector<RtDetrTarget>& targets);

}  // namespace graphlens::families::rtdetr
