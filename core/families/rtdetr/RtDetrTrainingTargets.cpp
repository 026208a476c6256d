#include "families/rtdetr/RtDetrTrainingTargets.h"

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

torch::Tensor rtdetrTrainingTargets(const TrainingLabels& labels, std::int64_t, int) {
    if (!labels.boxes.defined()) return torch::zeros({0, 6});
    return labels.boxes.to(torch::kFloat).clone();
}

std::vector<RtDetrTarget> rtdetrTargetsPerImage(const torch::Tensor& rows, std::int64_t batch) {
    if (rows.dim() != 2 || rows.size(1) != 6) {
        throw std::invalid_argument("rtdetr-r18's targets are [boxes, 6] (image, class, cx, cy, w, h)");
    }
    const auto image = rows.select(1, 0).to(torch::kLong);
    if (rows.size(0) > 0) {
        const auto [lowest, highest] = image.aminmax();
        if (lowest.item<std::int64_t>() < 0 || highest.item<std::int64_t>() >= batch) {
            throw std::invalid_argument("a target row names an image outside the batch of " + std::to_string(batch));
        }
    }
    std::vector<RtDetrTarget> targets;
    targets.reserve(static_cast<std::size_t>(batch));
    for (std::int64_t i = 0; i < batch; ++i) {
        const auto mine = rows.index({image == i});
        targets.push_back({mine.select(1, 1).to(torch::kLong), mine.slice(1, 2, 6).contiguous()});
    }
    return targets;
}

}  // namespace graphlens::families::rtdetr
