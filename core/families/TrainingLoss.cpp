#include "families/TrainingLoss.h"

#include <torch/nn/functional/loss.h>

#include <stdexcept>
#include <string>

namespace graphlens::families {

torch::Tensor classifyTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int /*imgsz*/) {
    if (!labels.classes.defined() || labels.classes.numel() != batch) {
        throw std::invalid_argument("a classification batch needs one class per image (got " +
                                    std::to_string(labels.classes.defined() ? labels.classes.numel() : 0) +
                                    " for " + std::to_string(batch) + " images)");
    }
    // A min() here would read the GPU; the loader fills classes on the host, so check there.
    const auto host = labels.classes.to(torch::kCPU);
    if (host.lt(0).any().item<bool>()) {
        throw std::invalid_argument("a classification batch has an image without a class");
    }
    return labels.classes.to(torch::kLong);
}

torch::Tensor crossEntropyLoss(const c10::IValue& output, const torch::Tensor& targets) {
    if (!output.isTensor()) throw std::invalid_argument("cross-entropy needs one logits tensor");
    return torch::nn::functional::cross_entropy(output.toTensor().to(torch::kFloat), targets);
}

}  // namespace graphlens::families
