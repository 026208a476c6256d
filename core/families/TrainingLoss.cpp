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
    // Checked only where the classes are on the host. Reading device classes back would synchronize
    // every training step (a timed step must not, and the trainer's graphed steps would wait on it);
    // on the device they come from a dataset whose task was checked against the family's when it was
    // opened, and a classification dataset gives every image its class.
    if (labels.classes.is_cpu() && labels.classes.lt(0).any().item<bool>()) {
        throw std::invalid_argument("a classification batch has an image without a class");
    }
    return labels.classes.to(torch::kLong);
}

torch::Tensor crossEntropyLoss(const c10::IValue& output, const torch::Tensor& targets) {
    if (!output.isTensor()) throw std::invalid_argument("cross-entropy needs one logits tensor");
    return torch::nn::functional::cross_entropy(output.toTensor().to(torch::kFloat), targets);
}

}  // namespace graphlens::families
