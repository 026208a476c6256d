#include "train/CapturableSgd.h"

#include <torch/torch.h>

namespace graphlens::train {

CapturableSgd::CapturableSgd(std::vector<torch::Tensor> parameters, SgdOptions options)
    : CapturableOptimizer(std::move(parameters), options.learningRate), options_(options) {
    torch::NoGradGuard noGrad;
    // The buffers exist (as zeros) from the start, so stateTensors() has one count and order for the
    // whole run and a first step skipped on overflow leaves them at zero, not uninitialised.
    if (options_.momentum != 0.0) {
        momentumBuffers_.reserve(parameters_.size());
        for (const auto& parameter : parameters_) {
            momentumBuffers_.push_back(torch::zeros_like(parameter, torch::MemoryFormat::Preserve));
        }
    }
    initialised_ = torch::zeros({1}, learningRate_.options());
    // A first step differs from the others only when it must fill the buffers differently: with
    // momentum and dampening d != 0, libtorch's first step copies g where a later one adds (1 - d) g.
    // With dampening 0, momentum * 0 + g is g bit for bit, so every step, the first included, is the
    // same kernel and can be captured: a whole-step graph can replay step 0.
    firstStep_ = options_.momentum != 0.0 && options_.dampening != 0.0;
}

void CapturableSgd::step(const std::optional<torch::Tensor>& gradScale,
                         const std::optional<torch::Tensor>& foundInf) {
    if (parameters_.empty()) {
        return;
    }
    torch::NoGradGuard noGrad;
    const auto grads = gradients();
    // is_first_step makes the kernel copy the gradient into the buffer (torch::optim::SGD's
    // buf = clone(d_p)) instead of buf = momentum * buf + (1 - dampening) * d_p. With dampening 0 the
    // two agree on zero buffers, so a first step skipped on overflow costs nothing.
    at::_fused_sgd_(parameters_, grads, momentumBuffers_, options_.weightDecay, options_.momentum,
                    learningRate_, options_.dampening, options_.nesterov, /*maximize=*/false,
                    /*is_first_step=*/firstStep_, gradScale, foundInf);
    if (foundInf) {
        // 1 once any step has gone through: a skipped step leaves the flag as it was. In place, two
        // kernels: this runs in every eager step, where launches are the cost.
        at::maximum_out(initialised_, initialised_, foundInf->eq(0));
    } else {
        initialised_.fill_(1.0);
    }
    firstStep_ = false;
}

std::vector<torch::Tensor> CapturableSgd::stateTensors() const {
    std::vector<torch::Tensor> state = momentumBuffers_;
    state.push_back(initialised_);
    state.push_back(learningRate_);
    return state;
}

void CapturableSgd::initialiseState() {
    // The buffers already exist; a checkpoint fills them, so the next step must not overwrite them
    // with the gradient.
    firstStep_ = false;
}

}  // namespace graphlens::train
