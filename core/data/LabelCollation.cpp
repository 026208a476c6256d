#include "data/LabelCollation.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace graphlens::data {

void LabelCollation::add(const SampleTargets& targets) {
    const auto image = static_cast<float>(classes_.size());
    classes_.push_back(targets.classIndex);
    for (const auto& box : targets.boxes) {
        boxes_.insert(boxes_.end(), {image, static_cast<float>(box.cls), box.cx, box.cy, box.w, box.h});
    }
    masks_.push_back(targets.mask);
}

torch::Tensor LabelCollation::classes(const torch::TensorOptions& options) const {
    auto out = torch::empty({static_cast<std::int64_t>(classes_.size())}, options.dtype(torch::kLong));
    if (!classes_.empty()) std::memcpy(out.data_ptr<std::int64_t>(), classes_.data(), classes_.size() * sizeof(std::int64_t));
    return out;
}

torch::Tensor LabelCollation::boxes(const torch::TensorOptions& options) const {
    auto out = torch::empty({static_cast<std::int64_t>(boxes_.size() / 6), 6}, options.dtype(torch::kFloat));
    if (!boxes_.empty()) std::memcpy(out.data_ptr<float>(), boxes_.data(), boxes_.size() * sizeof(float));
    return out;
}

torch::Tensor LabelCollation::masks(const torch::TensorOptions& options, int side) const {
    const bool any = std::any_of(masks_.begin(), masks_.end(), [](const auto& mask) { return !mask.empty(); });
    if (!any) return {};
    const auto plane = static_cast<std::size_t>(side) * side;
    // 255 is SegmentationMask.h's ignore label (core/data's torch-free part is not linked here).
    auto out = torch::full({static_cast<std::int64_t>(masks_.size()), side, side}, 255, options.dtype(torch::kUInt8));
    auto* labels = out.data_ptr<std::uint8_t>();
    for (std::size_t i = 0; i < masks_.size(); ++i) {
        if (masks_[i].empty()) continue;
        if (masks_[i].size() != plane) {
            throw std::invalid_argument("LabelCollation: image " + std::to_string(i) + "'s mask has " +
                                        std::to_string(masks_[i].size()) + " labels, expected " + std::to_string(side) + " x " +
                                        std::to_string(side));
        }
        std::memcpy(labels + i * plane, masks_[i].data(), plane);
    }
    return out;
}

}  // namespace graphlens::data
