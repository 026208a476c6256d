#pragma once
// Adapts a torch::nn::AnyModule (whose forward returns an AnyValue of a static C++ type) to the
// runner's GraphBody, which returns a c10::IValue tree.
#include "graphs/CaptureBackend.h"

#include <torch/nn/modules/container/any.h>

namespace graphlens::graphs {

// Supported forward return types: torch::Tensor, c10::IValue, std::vector<torch::Tensor>,
// std::tuple of 2 or 3 tensors, c10::Dict<std::string, torch::Tensor>. Anything else throws
// std::runtime_error naming the type (extend toIValue() when a family needs another).
GraphBody forwardOf(torch::nn::AnyModule network);
c10::IValue toIValue(torch::nn::AnyValue&& value);

}  // namespace graphlens::graphs
