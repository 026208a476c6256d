#pragma once
// AdamW on at::_fused_adamw_ with a tensor learning rate and per-parameter device step counts (the
// bias corrections are computed on the device from them). Same update as torch::optim::AdamW.
#include "train/CapturableOptimizer.h"

namespace graphlens::train {

class CapturableAdamW : public CapturableOptimizer {
public:
    CapturableAdamW(std::vector<torch::Tensor> parameters, AdamWOptions options);
    void step(const std::optional<torch::Tensor>& gradScale = std::nullopt,
              const std::optional<torch::Tensor>& foundInf = std::nullopt) override;
    bool readyForCapture() const override { return true; }
    std::vector<torch::Tensor> stateTensors() const override;
    void initialiseState() override {}
    std::string name() const override { return "adamw"; }
    const AdamWOptions& options() const { return options_; }

private:
    AdamWOptions options_;
    std::vector<torch::Tensor> expAvg_, expAvgSq_, steps_;  // steps_: float32 scalars on the device
};

}  // namespace graphlens::train
