#include "graphs/TensorSnapshot.h"

#include <torch/nn/module.h>

namespace graphlens::graphs {

TensorSnapshot::TensorSnapshot(std::vector<torch::Tensor> tensors) : live_(std::move(tensors)) {
    torch::NoGradGuard noGrad;
    saved_.reserve(live_.size());
    for (const auto& tensor : live_) saved_.push_back(tensor.defined() ? tensor.detach().clone() : torch::Tensor());
}

void TensorSnapshot::restore() const {
    torch::NoGradGuard noGrad;
    for (std::size_t i = 0; i < live_.size(); ++i) {
        if (live_[i].defined()) const_cast<torch::Tensor&>(live_[i]).copy_(saved_[i]);
    }
}

std::vector<torch::Tensor> moduleBuffers(const torch::nn::Module& module) {
    std::vector<torch::Tensor> buffers;
    for (const auto& buffer : module.buffers(/*recurse=*/true)) buffers.push_back(buffer);
    return buffers;
}

}  // namespace graphlens::graphs
