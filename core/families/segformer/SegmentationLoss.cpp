#include "families/segformer/SegmentationLoss.h"

#include "families/InferencePostprocess.h"

#include <torch/nn/functional/loss.h>
#include <torch/nn/functional/upsampling.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace graphlens::families::segformer {

torch::Tensor segmentationTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int imgsz) {
    if (!labels.masks.defined()) {
        throw std::invalid_argument(
            "a segmentation batch needs masks and this one has none (expected a dataset YAML with masks_dir, or "
            "polygon labels; the built-in dataset has masks)");
    }
    const std::vector<std::int64_t> expected{batch, imgsz, imgsz};
    if (labels.masks.sizes() != torch::IntArrayRef(expected)) {
        throw std::invalid_argument("a segmentation batch needs masks [" + std::to_string(batch) + ", " +
                                    std::to_string(imgsz) + ", " + std::to_string(imgsz) + "]; got " +
                                    c10::str(labels.masks.sizes()));
    }
    return labels.masks.to(torch::kLong).contiguous();
}

torch::Tensor semanticSegmentationLoss(const c10::IValue& output, const torch::Tensor& targets) {
    const auto logits = firstTensor(output);
    if (logits.dim() != 4 || targets.dim() != 3 || logits.size(0) != targets.size(0)) {
        throw std::invalid_argument("the segmentation loss takes logits [batch, labels, h, w] and targets [batch, H, W]; got " +
                                    c10::str(logits.sizes()) + " and " + c10::str(targets.sizes()));
    }
    namespace F = torch::nn::functional;
    const auto upsampled =
        F::interpolate(logits.to(torch::kFloat), F::InterpolateFuncOptions()
                                                     .size(std::vector<std::int64_t>{targets.size(1), targets.size(2)})
                                                     .mode(torch::kBilinear)
                                                     .align_corners(false));
    return F::cross_entropy(upsampled, targets, F::CrossEntropyFuncOptions().ignore_index(kIgnoreIndex));
}

}  // namespace graphlens::families::segformer
