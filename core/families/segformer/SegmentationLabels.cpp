#include "families/segformer/SegmentationLabels.h"

#include "families/InferencePostprocess.h"

#include <torch/nn/functional/upsampling.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace graphlens::families::segformer {

namespace {
// The first patch embedding's stride: the logits' size is the input's / 4.
constexpr std::int64_t kLogitStride = 4;
}  // namespace

torch::Tensor segmentationLabels(const torch::Tensor& logits, std::int64_t height, std::int64_t width) {
    if (logits.dim() != 4 || height < 1 || width < 1) {
        throw std::invalid_argument(
            "segmentation labels need logits [batch, labels, h, w] and a positive size; got " +
            std::to_string(logits.dim()) + " dimensions, size " + std::to_string(height) + "x" +
            std::to_string(width));
    }
    namespace F = torch::nn::functional;
    const auto upsampled = F::interpolate(logits, F::InterpolateFuncOptions()
                                                      .size(std::vector<std::int64_t>{height, width})
                                                      .mode(torch::kBilinear)
                                                      .align_corners(false));
    return upsampled.argmax(/*dim=*/1);
}

c10::IValue segformerLabels(const c10::IValue& networkOutput) {
    const auto logits = firstTensor(networkOutput);
    if (logits.dim() != 4) {
        throw std::invalid_argument("segformer's postprocess takes logits [batch, labels, h, w]; got " +
                                    std::to_string(logits.dim()) + " dimensions");
    }
    return segmentationLabels(logits, logits.size(2) * kLogitStride, logits.size(3) * kLogitStride);
}

}  // namespace graphlens::families::segformer
