#pragma once
// What a predict call does after the network (the `postprocess` phase of an inference step): eager in
// both arms, because it filters and sorts (DESIGN §3). Each returns what a user of the family gets.
#include <ATen/core/ivalue.h>

namespace graphlens::families {

// Classifiers: softmax over the logits [B, C], then the top-5 (or top-C when C < 5): a tuple
// (probabilities [B, k], class indices [B, k]) on the logits' device.
c10::IValue classifyTop5(const c10::IValue& logits);

// The first tensor of an output tree (a tensor, or tuples/lists/dicts of them); throws
// std::invalid_argument naming what was found when there is none.
at::Tensor firstTensor(const c10::IValue& output);

}  // namespace graphlens::families
