#pragma once
// One image's ground truth for rtdetr-r18's training (transformers' `labels` entry: class_labels,
// boxes): what the denoising groups and the Hungarian matching read.
#include <torch/types.h>

namespace graphlens::families::rtdetr {

struct RtDetrTarget {
    torch::Tensor classes;  // int64 [n]
    torch::Tensor boxes;    // float [n, 4]: cx, cy, w, h normalised to the image size
};

}  // namespace graphlens::families::rtdetr
