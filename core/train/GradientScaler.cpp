#include "train/GradientScaler.h"

#include <torch/torch.h>

#include <stdexcept>

namespace graphlens::train {

namespace {

// The defined gradients of the optimizer's parameters: the tensors the amp check reads and scales.
std::vector<torch::Tensor> definedGradients(const CapturableOptimizer& optimizer) {
    std::vector<torch::Tensor> grads;
    for (const auto& parameter : optimizer.parameters()) {
        if (parameter.grad().defined()) {
            grads.push_back(parameter.grad());
        }
    }
    return grads;
}

}  // namespace

GradientScaler::GradientScaler(torch::Device device, GradientScalerOptions options) : options_(options) {
    if (options_.enabled &&
        (options_.initScale <= 0.0 || options_.growthFactor <= 1.0 || options_.backoffFactor <= 0.0 ||
         options_.backoffFactor >= 1.0 || options_.growthInterval <= 0)) {
        throw std::invalid_argument(
            "GradientScaler: need initScale > 0, growthFactor > 1, 0 < backoffFactor < 1 and "
            "growthInterval > 0");
    }
    const auto floatOptions = torch::TensorOptions().dtype(torch::kFloat32).device(device);
    scale_ = torch::full({1}, options_.initScale, floatOptions);
    growthTracker_ = torch::zeros({1}, torch::TensorOptions().dtype(torch::kInt32).device(device));
    foundInf_ = torch::zeros({1}, floatOptions);
    one_ = torch::ones({1}, floatOptions);
}

torch::Tensor GradientScaler::scale(const torch::Tensor& loss) const {
    if (!options_.enabled) {
        return loss;
    }
    // 0-dim view of the scale, so a scalar loss stays a scalar and backward() needs no gradient.
    return loss.to(torch::kFloat32) * scale_.reshape({});
}

void GradientScaler::unscale(CapturableOptimizer& optimizer) {
    if (!options_.enabled) {
        return;
    }
    if (stage_ != Stage::Ready) {
        throw std::logic_error(stage_ == Stage::Unscaled
                                   ? "GradientScaler: unscale() already ran since the last update()"
                                   : "GradientScaler: unscale() after step()");
    }
    torch::NoGradGuard noGrad;
    // The reciprocal in double, as torch.amp.GradScaler: 1/scale in float32 can be off by an ulp.
    const auto inverseScale = scale_.to(torch::kFloat64).reciprocal().to(torch::kFloat32);
    foundInf_.zero_();
    at::_amp_foreach_non_finite_check_and_unscale_(definedGradients(optimizer), foundInf_, inverseScale);
    stage_ = Stage::Unscaled;
}

void GradientScaler::step(CapturableOptimizer& optimizer) {
    if (!options_.enabled) {
        optimizer.step();
        return;
    }
    if (stage_ == Stage::Stepped) {
        throw std::logic_error("GradientScaler: step() already ran since the last update()");
    }
    if (stage_ == Stage::Unscaled) {
        // The gradients hold true values: the kernel must not divide them again.
        optimizer.step(std::nullopt, foundInf_);
    } else {
        torch::NoGradGuard noGrad;
        // Only the inf/NaN check (inverse scale 1); the fused kernel divides by the scale as it goes,
        // which saves a pass over the gradients (torch.amp.GradScaler with _step_supports_amp_scaling).
        foundInf_.zero_();
        at::_amp_foreach_non_finite_check_and_unscale_(definedGradients(optimizer), foundInf_, one_);
        optimizer.step(scale_, foundInf_);
    }
    stage_ = Stage::Stepped;
}

void GradientScaler::update() {
    if (!options_.enabled) {
        return;
    }
    if (stage_ != Stage::Stepped) {
        throw std::logic_error("GradientScaler: update() before step()");
    }
    torch::NoGradGuard noGrad;
    // found_inf: scale *= backoffFactor, tracker = 0. Otherwise tracker += 1, and when it reaches
    // growthInterval: scale *= growthFactor (if that stays finite), tracker = 0.
    at::_amp_update_scale_(scale_, growthTracker_, foundInf_, options_.growthFactor, options_.backoffFactor,
                           options_.growthInterval);
    stage_ = Stage::Ready;
}

}  // namespace graphlens::train
