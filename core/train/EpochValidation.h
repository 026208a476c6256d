#pragma once
// The validation pass after an epoch: the network in eval mode, no gradients, the val split in
// order without augmentation, and the family's metric (top-1 for classifiers, FOMO's centroid F1, mAP50-95 for
// YOLO detectors, mIoU for segmenters: their predict postprocess against the masks).
#include "families/Family.h"

#include <ATen/core/ivalue.h>
#include <torch/types.h>

#include <functional>
#include <memory>
#include <string>

namespace graphlens::data {
class SampleSource;
}

namespace graphlens::train {

struct ValidationResult {
    std::string metric;  // empty: the family has none, nothing computed
    double value = 0;
    std::string detail;  // a second figure beside the metric ("mAP50 0.412" for detectors), or empty
    std::int64_t images = 0;
};

ValidationResult validateEpoch(const families::Family& family, const std::function<c10::IValue(const torch::Tensor&)>& forward,
                               std::shared_ptr<const data::SampleSource> source, int batch, int imgsz, torch::Device device,
                               int workers);

}  // namespace graphlens::train
