#pragma once
// The optimizer a run names (`--optimizer sgd|adamw`) with GraphLens's defaults — SGD: lr 0.01,
// momentum 0.9, weight decay 5e-4; AdamW: lr 0.001, weight decay 0.01 — for training runs, the
// training check and the benchmark alike.
#include "train/CapturableOptimizer.h"

#include <memory>
#include <string>
#include <vector>

namespace graphlens::train {

double defaultLearningRate(const std::string& optimizer);

// learningRate <= 0 and weightDecay < 0 take the defaults. Throws std::invalid_argument for an
// unknown name.
std::unique_ptr<CapturableOptimizer> makeCapturableOptimizer(const std::string& optimizer, std::vector<torch::Tensor> parameters,
                                                             double learningRate = 0, double weightDecay = -1);

}  // namespace graphlens::train
