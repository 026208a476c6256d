#pragma once
// The labels of one training batch as the loader gives them, before a family turns them into the
// fixed-shape targets its loss reads.
#include <torch/types.h>

namespace graphlens::families {

struct TrainingLabels {
    torch::Tensor classes;  // int64 [B]: the image's class (classification), -1 where there is none
    torch::Tensor boxes;    // float [N, 6]: image in batch, class, cx, cy, w, h (normalised)
    // Semantic segmentation: per-pixel labels at the input size (0 background, class c -> c + 1, 255
    // ignore: data/SegmentationMask.h); undefined when the dataset has none.
    torch::Tensor masks = {};  // int64 [B, H, W]
};

}  // namespace graphlens::families
