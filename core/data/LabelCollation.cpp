#include "data/LabelCollation.h"

#include <torch/torch.h>

#include <cstring>

namespace graphlens::data {

void LabelCollation::add(const SampleTargets& targets) {
    const auto image = static_cast<float>(classes_.size());
    classes_.push_back(targets.classIndex);
    for (const auto& box : targets.boxes) {
        boxes_.insert(boxes_.end(), {image, static_cast<float>(box.cls), box.cx, box.cy, box.w, box.h});
    }
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

}  // namespace graphlens::data
