#pragma once
// The classifiers' training loss: cross-entropy over [B, classes] logits against class indices.
#include "families/TrainingLabels.h"

#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <cstdint>

namespace graphlens::families {

// labels.classes as int64 [batch] on their device. Throws std::invalid_argument when a class is
// missing (-1) or the count differs from batch: a classifier cannot learn from such a batch.
torch::Tensor classifyTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int imgsz);

// Mean cross-entropy, computed in fp32 whatever the logits' dtype (as autocast does for its loss ops).
torch::Tensor crossEntropyLoss(const c10::IValue& output, const torch::Tensor& targets);

}  // namespace graphlens::families
