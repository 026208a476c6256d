#pragma once
// The ground truths of a batch as rtdetr-r18's matcher and loss read them: checked, concatenated over
// the images, and gathered in the order a matching pairs them with queries.
#include "families/rtdetr/RtDetrMatch.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::rtdetr {

// Throws std::invalid_argument unless every target has int64 classes [n] and boxes [n, 4].
void requireTargets(const std::vector<RtDetrTarget>& targets);

// Every image's classes [sum n] / boxes [sum n, 4], image after image.
torch::Tensor concatenatedClasses(const std::vector<RtDetrTarget>& targets);
torch::Tensor concatenatedBoxes(const std::vector<RtDetrTarget>& targets);

// The total number of ground truths in the batch.
std::int64_t groundTruthCount(const std::vector<RtDetrTarget>& targets);

// The matched queries as (image index, query index), both int64 [sum k] (transformers'
// _get_source_permutation_idx), and their ground truths' classes / boxes in the same order.
struct MatchedQueries {
    torch::Tensor images;
    torch::Tensor queries;
};
MatchedQueries matchedQueries(const RtDetrMatches& matches);
torch::Tensor matchedClasses(const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches);
torch::Tensor matchedBoxes(const std::vector<RtDetrTarget>& targets, const RtDetrMatches& matches);

}  // namespace graphlens::families::rtdetr
