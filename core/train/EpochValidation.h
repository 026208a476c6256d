#pragma once
// The validation pass after an epoch: the network in eval mode, no gradients, the val split in
// order without augmentation, and the family's metric (top-1 for classifiers, FOMO's centroid F1, mAP50-95 for
// YOLO detectors, mIoU for segmenters: their predict postprocess against the masks). The metric is
// computed over the images that were read: one that cannot be decoded (or whose mask cannot) is left
// out and counted, never replaced by another image of the split counted twice.
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
    std::string detail;  // a second figure ("mAP50 0.412" for detectors) and the images left out, or empty
    std::int64_t images = 0;   // the images the metric is computed over
    std::int64_t skipped = 0;  // images of the split that could not be read (or their masks): not counted
    std::string firstSkipped;  // the first of them, with its defect
};

ValidationResult validateEpoch(const families::Family& family, const std::function<c10::IValue(const torch::Tensor&)>& forward,
                               std::shared_ptr<const data::SampleSource> source, int batch, int imgsz, torch::Device device,
                               int workers);

}  // namespace graphlens::train
