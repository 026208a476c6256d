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

namespace {

// Bilinear resampling along one axis as a matrix [out, in], with F.interpolate's source positions for
// align_corners = false: src = (dst + 0.5) * in / out - 0.5, clamped at 0, its two neighbours weighted
// by distance. As a matrix product the upsampling's backward is a matrix product too: F.interpolate's
// CUDA backward accumulates with atomics, so its gradients (and a training run) differ from run to run.
torch::Tensor bilinearWeights(std::int64_t in, std::int64_t out, const torch::TensorOptions& options) {
    const auto dst = torch::arange(out, options.dtype(torch::kDouble));
    const auto src = ((dst + 0.5) * (static_cast<double>(in) / static_cast<double>(out)) - 0.5).clamp_min(0.0);
    const auto low = src.floor().clamp_max(static_cast<double>(in - 1));
    const auto high = (low + 1).clamp_max(static_cast<double>(in - 1));
    const auto toHigh = src - low;
    auto weights = torch::zeros({out, in}, options.dtype(torch::kDouble));
    weights.scatter_add_(1, low.to(torch::kLong).unsqueeze(1), (1 - toHigh).unsqueeze(1));
    weights.scatter_add_(1, high.to(torch::kLong).unsqueeze(1), toHigh.unsqueeze(1));
    return weights.to(options.dtype());
}

}  // namespace

torch::Tensor semanticSegmentationLoss(const c10::IValue& output, const torch::Tensor& targets) {
    const auto logits = firstTensor(output).to(torch::kFloat);
    if (logits.dim() != 4 || targets.dim() != 3 || logits.size(0) != targets.size(0)) {
        throw std::invalid_argument("the segmentation loss takes logits [batch, labels, h, w] and targets [batch, H, W]; got " +
                                    c10::str(logits.sizes()) + " and " + c10::str(targets.sizes()));
    }
    namespace F = torch::nn::functional;
    // [H, h] @ logits [B, C, h, w] @ [w, W]: the bilinear upsampling to the labels' size.
    const auto rows = bilinearWeights(logits.size(2), targets.size(1), logits.options());
    const auto columns = bilinearWeights(logits.size(3), targets.size(2), logits.options());
    const auto upsampled = torch::matmul(torch::matmul(rows, logits), columns.t());
    // Per pixel, then one sum: cross_entropy's own mean reduces with atomics on CUDA (run-to-run noise in
    // the loss itself); ignored pixels give 0 and are left out of the count.
    const auto perPixel = F::cross_entropy(
        upsampled, targets, F::CrossEntropyFuncOptions().ignore_index(kIgnoreIndex).reduction(torch::kNone));
    const auto counted = targets.ne(kIgnoreIndex).sum().to(torch::kFloat);
    return perPixel.sum() / counted;
}

}  // namespace graphlens::families::segformer
