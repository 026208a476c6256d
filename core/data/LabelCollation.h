#pragma once
// The labels of a batch as a training step reads them: one class per image (-1 where the dataset
// has none), every box tagged with its image's index in the batch, and the segmentation masks. Shared by the loader and the
// sweep's training batch, so both hand a family's trainingTargets the same layout.
#include "data/SampleSource.h"

#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace graphlens::data {

class LabelCollation {
public:
    void add(const SampleTargets& targets);  // the next image of the batch

    // int64 [images] and float [boxes, 6] (image, class, cx, cy, w, h), in host memory with `options`
    // (e.g. pinned).
    torch::Tensor classes(const torch::TensorOptions& options) const;
    torch::Tensor boxes(const torch::TensorOptions& options) const;
    // uint8 [images, side, side] segmentation labels (data/SegmentationMask.h; an image without a mask
    // is all ignore), or an undefined tensor when no image of the batch has one. Throws
    // std::invalid_argument when a mask is not side x side.
    torch::Tensor masks(const torch::TensorOptions& options, int side) const;

private:
    std::vector<std::int64_t> classes_;
    std::vector<float> boxes_;
    std::vector<std::vector<std::uint8_t>> masks_;  // per image, empty where it has none
};

}  // namespace graphlens::data
