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

// The python is $GRAPHLENS_PYTHON when set, else the venv's. nullopt with skipReason set when it is
// missing; throws std::runtime_error (with the script's output) when the export itself fails.
std::optional<TorchvisionReference> exportTorchvision(const std::string& name, std::string& skipReason);

double maxAbsDiff(const torch::Tensor& a, const torch::Tensor& b);

// The max abs difference of a comparison, or why there is none (no venv python): the test case then
// skips with GRAPHLENS_SKIP_MISSING_REFERENCE(compared.missing), a failure under make test.
struct TorchvisionComparison {
    std::optional<double> maxAbsDiff;
    std::string missing;
};

// Exports torchvisionName, checks `mapping` is one-to-one against its state (REQUIREd), loads its weights
// into `model`, runs both in eval on one seeded fp32 CPU batch of inputShape, and prints and returns
// the max abs difference of the outputs.
TorchvisionComparison compareWithTorchvision(torch::nn::Module& model,
                                             const std::function<torch::Tensor(const torch::Tensor&)>& forward,
                                             const std::string& torchvisionName,
                                             const families::NameMapping& mapping, torch::IntArrayRef inputShape);

}  // namespace graphlens::testing
