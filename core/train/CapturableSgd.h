#pragma once
// SGD with momentum on at::_fused_sgd_ (tensor learning rate). The first step fills the momentum
// buffers (the kernel copies the gradient into them, is_first_step), so it runs eagerly; later steps
// can be captured. Same update as torch::optim::SGD with the same options. The buffers exist as zeros
// from construction: a first step skipped on overflow leaves them zero, and the next step's
// buf = momentum * 0 + (1 - dampening) * g equals libtorch's first step exactly when dampening is 0
// (with dampening d it is (1 - d) times that, once).
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
