#pragma once
// The reference side of the equivalence tests: tests/fixtures/export_torchvision.py, run with the
// project venv's python, traces a torchvision model with random weights into a temporary folder, and
// the TorchScript module is loaded from there.
#include "families/WeightMapping.h"

#include <torch/script.h>

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace graphlens::testing {

struct TorchvisionReference {
    torch::jit::Module module;
    std::map<std::string, torch::Tensor> state;  // parameters and buffers by state_dict name
};

// nullopt with skipReason set when the venv's python is missing; throws std::runtime_error (with the
// script's output) when the export itself fails.
std::optional<TorchvisionReference> exportTorchvision(const std::string& name, std::string& skipReason);

double maxAbsDiff(const torch::Tensor& a, const torch::Tensor& b);

// Exports torchvisionName, checks `mapping` is one-to-one against its state (REQUIREd), loads its weights
// into `model`, runs both in eval on one seeded fp32 CPU batch of inputShape, and prints and returns
// the max abs difference of the outputs. Without the venv's python: WARNs the reason, returns nullopt.
std::optional<double> compareWithTorchvision(torch::nn::Module& model,
                                             const std::function<torch::Tensor(const torch::Tensor&)>& forward,
                                             const std::string& torchvisionName,
                                             const families::NameMapping& mapping, torch::IntArrayRef inputShape);

}  // namespace graphlens::testing
