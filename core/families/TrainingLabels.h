#pragma once
// The labels of one training batch as the loader gives them, before a family turns them into the
// fixed-shape targets its loss reads.
#include <torch/types.h>

namespace graphlens::families {

struct TrainingLabels {
    torch::Tensor classes;  // int64 [B]: the image's class (classification), -1 where there is none
    torch::Tensor boxes;    // float [N, 6]: image in batch, class, cx, cy, w, h (normalised)
};

}  // namespace graphlens::families
