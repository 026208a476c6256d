#pragma once
// What a family's network reads: uint8 RGB [B, 3, H, W] scaled to [0, 1], and for classifiers the
// ImageNet mean/std normalisation torchvision's classifiers expect. One place, so the sweep's batch
// and the training loop feed a network the same numbers.
#include <torch/types.h>

#include <string>

namespace graphlens::families {

torch::Tensor normaliseImages(const torch::Tensor& images, const std::string& task);

}  // namespace graphlens::families
