#pragma once
// Copies of some tensors, written back in place on restore(). A training capture runs real steps
// while warming up (BatchNorm running statistics and num_batches_tracked move, the optimizer steps,
// parameters change) and a capture executes nothing: restoring the state taken before warm-up makes
// the first replay the very step eager training would take next, and capture adds no update.
#include <torch/types.h>

#include <vector>

namespace graphlens::graphs {

class TensorSnapshot {
public:
    TensorSnapshot() = default;
    // Undefined tensors are kept as such and skipped.
    explicit TensorSnapshot(std::vector<torch::Tensor> tensors);

    // Writes the saved values back into the same tensors (their storage, so graphs that captured
    // those addresses see the restored values). Safe to call more than once.
    void restore() const;
    std::size_t size() const { return live_.size(); }

private:
    std::vector<torch::Tensor> live_;
    std::vector<torch::Tensor> saved_;
};

// Every buffer of a module and its children (BatchNorm running_mean/var, num_batches_tracked, ...).
std::vector<torch::Tensor> moduleBuffers(const torch::nn::Module& module);

}  // namespace graphlens::graphs
