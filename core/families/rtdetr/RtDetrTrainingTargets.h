#pragma once
// rtdetr-r18's training targets: the batch's boxes as the loader collates them (image, class, cx, cy,
// w, h, normalised), and their split into one ground truth per image, which the denoising queries and
// the Hungarian matching read. The count per image varies, so the split runs eagerly (the seam's rest).
#include "families/TrainingLabels.h"
#include "families/rtdetr/RtDetrTarget.h"

#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::rtdetr {

// float [N, 6] on the labels' device.
torch::Tensor rtdetrTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int imgsz);

// rows: float [N, 6]; images without a row get an empty target. Throws std::invalid_argument for a row
// whose image index is outside the batch.
std::vector<RtDetrTarget> rtdetrTargetsPerImage(const torch::Tensor& rows, std::int64_t batch);

}  // namespace graphlens::families::rtdetr
