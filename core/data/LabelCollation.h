#pragma once
// The labels of a batch as a training step reads them: one class per image (-1 where the dataset
// has none) and every box tagged with its image's index in the batch. Shared by the loader and the
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

private:
    std::vector<std::int64_t> classes_;
    std::vector<float> boxes_;
};

}  // namespace graphlens::data
