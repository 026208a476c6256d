#pragma once
// How a family whose training step can be captured only up to a seam splits it (DESIGN §3): the
// captured part (its forward and backward graphed in `network` scope) and the eager rest that reads
// the captured part's output and the batch's targets (data-dependent work: query counts that follow
// the batch's ground truth, matching). Eager and graphed steps both run the split, so they compute the
// same thing and only the captured part differs in how it runs.
#include <ATen/core/ivalue.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/container/any.h>
#include <torch/types.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace graphlens::families {

struct TrainingSeam {
    std::shared_ptr<torch::nn::Module> captured;  // its parameters get their gradients from the graph
    std::function<c10::IValue(const torch::Tensor& images)> capturedForward;  // a tensor or a tuple of tensors
    // The eager rest: the network's output for the loss (family.loss(output, targets)).
    std::function<c10::IValue(const c10::IValue& capturedOut, const torch::Tensor& targets)> rest;
    std::string point;  // where the split is ("after the hybrid encoder, before query selection")
    // Empty for a declared seam, whose captured part reads the images only. A seam search's trial
    // that takes a link reading the targets into the captured part (TrainingChain.h) is handed each
    // step's targets here, before the captured part runs.
    std::function<void(const torch::Tensor& targets)> giveTargets;
};

struct Family;

// The split every training step of `family` runs on `network`: empty when the family declares no
// training seam; throws std::logic_error when it declares one and gives no split (a family defect).
std::optional<TrainingSeam> trainingSeamOf(const Family& family, torch::nn::AnyModule& network);

}  // namespace graphlens::families
