#include "train/CapturableAdamW.h"

#include <torch/torch.h>

namespace graphlens::train {

CapturableAdamW::CapturableAdamW(std::vector<torch::Tensor> parameters, AdamWOptions options)
    : CapturableOptimizer(std::move(parameters), options.learningRate), options_(options) {
    torch::NoGradGuard noGrad;
    // All state exists from the start (zeros, step 0): the first step needs no special case, so
    // every step can be captured.
    const auto stepOptions = learningRate_.options();  // float32 on the parameters' device
    for (const auto& parameter : parameters_) {
        expAvg_.push_back(torch::zeros_like(parameter, torch::MemoryFormat::Preserve));
        expAvgSq_.push_back(torch::zeros_like(parameter, torch::MemoryFormat::Preserve));
        steps_.push_back(torch::zeros({}, stepOptions));
    }
}

void CapturableAdamW::step(const std::optional<torch::Tensor>& gradScale,
                           const std::optional<torch::Tensor>& foundInf) {
    if (parameters_.empty()) {
        return;
    }
    torch::NoGradGuard noGrad;
    const auto grads = gradients();
    // The kernel reads the step count for the bias corrections but does not advance it; as
    // torch.optim's fused AdamW, count first and take the count back when the kernel skipped.
    at::_foreach_add_(steps_, 1);
    at::_fused_adamw_(parameters_, grads, expAvg_, expAvgSq_, /*max_exp_avg_sqs=*/{}, steps_, learningRate_,
                      options_.beta1, options_.beta2, options_.weightDecay, options_.eps,
                      /*amsgrad=*/false, /*maximize=*/false, gradScale, foundInf);
    if (foundInf) {
        // foundInf may be [1]; the in-place subtraction needs it as shaped as the 0-dim counts.
        at::_foreach_sub_(steps_, std::vector<torch::Tensor>(steps_.size(), foundInf->reshape({})));
    }
}

std::vector<torch::Tensor> CapturableAdamW::stateTensors() const {
    std::vector<torch::Tensor> state;
    state.reserve(3 * parameters_.size() + 1);
    state.insert(state.end(), expAvg_.begin(), expAvg_.end());
    state.insert(state.end(), expAvgSq_.begin(), expAvgSq_.end());
    state.insert(state.end(), steps_.begin(), steps_.end());
    state.push_back(learningRate_);
    return state;
}

}  // namespace graphlens::train
