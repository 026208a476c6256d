#pragma once
// The training loss of a TorchScript family (the user gives a network, not a loss):
// - cross-entropy when the output is one [B, classes] tensor and the batch has one class label per
//   image (int64 [B]);
// - otherwise a surrogate, the mean of every floating-point output element. It has no meaning as a
//   loss; it makes backward run through the whole network, so a training step costs what the
//   network's forward and backward cost, which is what GraphLens measures.
#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <optional>
#include <string>

namespace graphlens::families {

enum class UserLossKind { CrossEntropy, MeanOfOutputs };
const char* toString(UserLossKind kind);  // "cross-entropy", "mean of outputs"

UserLossKind userLossKind(const c10::IValue& output, const std::optional<torch::Tensor>& labels);

// Throws ModelFileError when the output holds no floating-point tensor to differentiate.
torch::Tensor userModelLoss(const c10::IValue& output, const std::optional<torch::Tensor>& labels);

}  // namespace graphlens::families
