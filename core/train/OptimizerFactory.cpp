#include "train/OptimizerFactory.h"

#include "train/CapturableAdamW.h"
#include "train/CapturableSgd.h"

#include <stdexcept>

namespace graphlens::train {

double defaultLearningRate(const std::string& optimizer) { return optimizer == "adamw" ? 1e-3 : 1e-2; }

std::unique_ptr<CapturableOptimizer> makeCapturableOptimizer(const std::string& optimizer, std::vector<torch::Tensor> parameters,
                                                             double learningRate, double weightDecay) {
    const double lr = learningRate > 0 ? learningRate : defaultLearningRate(optimizer);
    if (optimizer == "adamw") {
        AdamWOptions adamw;
        adamw.learningRate = lr;
        adamw.weightDecay = weightDecay >= 0 ? weightDecay : 1e-2;
        return std::make_unique<CapturableAdamW>(std::move(parameters), adamw);
    }
    if (optimizer == "sgd") {
        SgdOptions sgd;
        sgd.learningRate = lr;
        sgd.weightDecay = weightDecay >= 0 ? weightDecay : 5e-4;
        return std::make_unique<CapturableSgd>(std::move(parameters), sgd);
    }
    throw std::invalid_argument("optimizer '" + optimizer + "': expected sgd or adamw");
}

}  // namespace graphlens::train
