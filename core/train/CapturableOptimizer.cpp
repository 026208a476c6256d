#include "train/CapturableOptimizer.h"

#include <torch/torch.h>

#include <stdexcept>

namespace graphlens::train {

namespace {

torch::Device commonDevice(const std::vector<torch::Tensor>& parameters) {
    if (parameters.empty()) {
        return torch::kCPU;
    }
    const torch::Device device = parameters.front().device();
    for (const auto& parameter : parameters) {
        // One fused kernel updates all of them, and it takes tensors of one device only.
        if (!parameter.defined() || parameter.device() != device) {
            throw std::invalid_argument("CapturableOptimizer: every parameter must be defined and on " +
                                        device.str());
        }
    }
    return device;
}

}  // namespace

CapturableOptimizer::CapturableOptimizer(std::vector<torch::Tensor> parameters, double learningRate)
    : parameters_(std::move(parameters)),
      learningRate_(
          torch::full({}, learningRate,
                      torch::TensorOptions().dtype(torch::kFloat32).device(commonDevice(parameters_)))) {}

void CapturableOptimizer::zeroGrad() {
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> defined;
    defined.reserve(parameters_.size());
    for (auto& parameter : parameters_) {
        auto& grad = parameter.mutable_grad();
        if (grad.defined()) {
            // As libtorch's zero_grad(set_to_none=false): cut the gradient from any graph first.
            if (grad.grad_fn()) {
                grad.detach_();
            } else {
                grad.requires_grad_(false);
            }
            defined.push_back(grad);
        } else {
            grad = torch::zeros_like(parameter, torch::MemoryFormat::Preserve);
        }
    }
    // One multi-tensor kernel per device and dtype instead of one kernel per parameter, as PyTorch's
    // Optimizer.zero_grad does with foreach: on a CPU-bound eager step every launch counts.
    if (!defined.empty()) at::_foreach_zero_(defined);
}

void CapturableOptimizer::clearGradients() {
    for (auto& parameter : parameters_) parameter.mutable_grad() = torch::Tensor();
}

void CapturableOptimizer::ensureGradients() {
    torch::NoGradGuard noGrad;
    for (auto& parameter : parameters_) {
        auto& grad = parameter.mutable_grad();
        if (!grad.defined()) grad = torch::zeros_like(parameter, torch::MemoryFormat::Preserve);
    }
}

void CapturableOptimizer::setLearningRate(double value) {
    torch::NoGradGuard noGrad;
    learningRate_.fill_(value);
}

std::vector<torch::Tensor> CapturableOptimizer::gradients() const {
    std::vector<torch::Tensor> grads;
    grads.reserve(parameters_.size());
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
        const auto& grad = parameters_[i].grad();
        // Creating one here would hide a missing zeroGrad() and, under capture, allocate outside the
        // storage the graph holds.
        if (!grad.defined()) {
            throw std::logic_error("CapturableOptimizer: parameter " + std::to_string(i) +
                                   " has no gradient; call zeroGrad() before the first backward");
        }
        grads.push_back(grad);
    }
    return grads;
}

}  // namespace graphlens::train
