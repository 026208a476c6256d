#include "families/rtdetr/RtDetrBoxOps.h"

#include <torch/torch.h>

#include <stdexcept>
#include <string>

namespace graphlens::families::rtdetr {

namespace {

void requireBoxes(const torch::Tensor& boxes, const char* which) {
    if (boxes.dim() == 0 || boxes.size(-1) != 4) {
        throw std::invalid_argument(std::string("the ") + which + " boxes must be [..., 4]; got " +
                                    std::to_string(boxes.dim()) + " dimensions");
    }
}

torch::Tensor area(const torch::Tensor& corners) {
    return (corners.select(-1, 2) - corners.select(-1, 0)) * (corners.select(-1, 3) - corners.select(-1, 1));
}

torch::Tensor lower(const torch::Tensor& corners) {
    return corners.narrow(-1, 0, 2);
}
torch::Tensor upper(const torch::Tensor& corners) {
    return corners.narrow(-1, 2, 2);
}

torch::Tensor productOfSides(const torch::Tensor& sides) {
    return sides.select(-1, 0) * sides.select(-1, 1);
}

void requirePairwise(const torch::Tensor& first, const torch::Tensor& second) {
    if (first.dim() != 2 || second.dim() != 2) {
        throw std::invalid_argument("pairwise box overlaps take [N, 4] and [M, 4] boxes");
    }
}

}  // namespace

torch::Tensor centerToCorners(const torch::Tensor& boxes) {
    requireBoxes(boxes, "centre-format");
    const auto sides = boxes.unbind(-1);
    const auto& cx = sides[0];
    const auto& cy = sides[1];
    const auto& w = sides[2];
    const auto& h = sides[3];
    return torch::stack({cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h}, -1);
}

RtDetrBoxOverlap boxOverlap(const torch::Tensor& first, const torch::Tensor& second) {
    requireBoxes(first, "first");
    requireBoxes(second, "second");
    const auto firstArea = area(first);
    const auto secondArea = area(second);
    const auto sides =
        (torch::min(upper(first), upper(second)) - torch::max(lower(first), lower(second))).clamp_min(0);
    const auto intersection = productOfSides(sides);
    auto unionArea = firstArea + secondArea - intersection;
    return {intersection / unionArea, unionArea};
}

torch::Tensor generalizedBoxIou(const torch::Tensor& first, const torch::Tensor& second) {
    const auto overlap = boxOverlap(first, second);
    const auto enclosingSides =
        (torch::max(upper(first), upper(second)) - torch::min(lower(first), lower(second))).clamp_min(0);
    const auto enclosing = productOfSides(enclosingSides);
    return overlap.iou - (enclosing - overlap.unionArea) / enclosing;
}

torch::Tensor pairwiseBoxIou(const torch::Tensor& first, const torch::Tensor& second) {
    requirePairwise(first, second);
    return boxOverlap(first.unsqueeze(1), second.unsqueeze(0)).iou;
}

torch::Tensor pairwiseGeneralizedBoxIou(const torch::Tensor& first, const torch::Tensor& second) {
    requirePairwise(first, second);
    return generalizedBoxIou(first.unsqueeze(1), second.unsqueeze(0));
}

}  // namespace graphlens::families::rtdetr
