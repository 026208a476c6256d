#pragma once
// SGD with momentum on at::_fused_sgd_ (tensor learning rate). Same update as torch::optim::SGD with
// the same options. The momentum buffers exist as zeros from construction, and with dampening 0 (the
// default) the update buf = momentum * buf + g on zero buffers is libtorch's first step (buf = g) bit
// for bit, so every step can be captured, the first included. With dampening d != 0 the first step
// must copy g instead of adding (1 - d) g: it runs eagerly (is_first_step) and only later steps can
// be captured. A first step skipped on overflow leaves the buffers zero.
#include "train/CapturableOptimizer.h"

namespace graphlens::train {

class CapturableSgd : public CapturableOptimizer {
public:
    CapturableSgd(std::vector<torch::Tensor> parameters, SgdOptions options);
    void step(const std::optional<torch::Tensor>& gradScale = std::nullopt,
              const std::optional<torch::Tensor>& foundInf = std::nullopt) override;
    bool readyForCapture() const override { return !firstStep_; }
    std::vector<torch::Tensor> stateTensors() const override;
    void initialiseState() override;
    std::string name() const override { return "sgd"; }
    const SgdOptions& options() const { return options_; }

private:
    SgdOptions options_;
    std::vector<torch::Tensor> momentumBuffers_;
    // Device flag (float32 [1]) the checkpoint carries: 1 once a step has gone through, i.e. the
    // momentum buffers hold real values.
    torch::Tensor initialised_;
    bool firstStep_ = true;
};

}  // namespace graphlens::train
