#pragma once
// Loss scaling for amp-fp16, entirely on the device (scale, growth tracker, found_inf are device
// tensors) so a graphed step never synchronises: the same protocol as torch.amp.GradScaler —
// scale the loss, check the gradients for inf/NaN (and unscale them when clipping needs true
// values), let the fused optimizer skip the step on inf, then grow the scale after `growthInterval`
// clean steps or back off by `backoffFactor` on an overflow (at::_amp_update_scale_).
// Disabled (fp32, bf16): scale() returns the loss and step() is a plain optimizer step.
#include "train/CapturableOptimizer.h"

#include <torch/types.h>

#include <vector>

namespace graphlens::train {

struct GradientScalerOptions {
    bool enabled = true;
    double initScale = 65536.0;
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    int growthInterval = 2000;
};

class GradientScaler {
public:
    GradientScaler(torch::Device device, GradientScalerOptions options = {});

    torch::Tensor scale(const torch::Tensor& loss) const;  // loss * scale (in fp32)
    // These must be called in order, once each per iteration: [unscale ->] step -> update (as
    // torch.amp.GradScaler; a call out of order throws std::logic_error). One optimizer per scaler.
    // Divides the optimizer's gradients by the scale in place and records inf/NaN in foundInf (for
    // clipping, which needs the true gradients).
    void unscale(CapturableOptimizer& optimizer);
    // Checks the gradients (unless unscale() already did) and runs the optimizer with the scale and
    // foundInf: on an overflow the update is skipped on the device.
    void step(CapturableOptimizer& optimizer);
    // Adjusts the scale from this step's foundInf. foundInf keeps this step's verdict (for the log)
    // until the next unscale()/step() clears it.
    void update();

    bool enabled() const { return options_.enabled; }
    const torch::Tensor& scaleTensor() const { return scale_; }            // float32 [1]
    const torch::Tensor& growthTracker() const { return growthTracker_; }  // int32 [1]
    const torch::Tensor& foundInf() const { return foundInf_; }            // float32 [1]
    std::vector<torch::Tensor> stateTensors() const { return {scale_, growthTracker_, foundInf_}; }
    const GradientScalerOptions& options() const { return options_; }

private:
    enum class Stage { Ready, Unscaled, Stepped };  // host bookkeeping only: no device value read

    GradientScalerOptions options_;
    torch::Tensor scale_, growthTracker_, foundInf_;
    torch::Tensor one_;  // float32 [1]: the inverse scale of a check that must not unscale
    Stage stage_ = Stage::Ready;
};

}  // namespace graphlens::train
