#include "families/yolo/BoxIou.h"

#include <ATen/ATen.h>

#include <numbers>
#include <stdexcept>
#include <string>

namespace graphlens::families::yolo {

namespace {

struct Corners {
    torch::Tensor x1, y1, x2, y2;  // each [..., 1]
};

Corners cornersOf(const torch::Tensor& boxes, const char* which) {
    if (boxes.dim() == 0 || boxes.size(-1) != 4) {
        throw std::invalid_argument(std::string("the ") + which +
                                    " boxes of an IoU must be [..., 4] (x1, y1, x2, y2); got " +
                                    std::to_string(boxes.dim()) + " dimensions");
    }
    const auto sides = boxes.chunk(4, -1);
    return {sides[0], sides[1], sides[2], sides[3]};
}

struct Overlap {
    torch::Tensor iou;
    torch::Tensor width1, height1, width2, height2;
};

Overlap overlapOf(const Corners& a, const Corners& b, double eps) {
    // Only the heights get eps: the aspect term divides by them.
    Overlap out{{}, a.x2 - a.x1, a.y2 - a.y1 + eps, b.x2 - b.x1, b.y2 - b.y1 + eps};
    const auto intersection = (a.x2.minimum(b.x2) - a.x1.maximum(b.x1)).clamp_min(0) *
                              (a.y2.minimum(b.y2) - a.y1.maximum(b.y1)).clamp_min(0);
    const auto unionArea = out.width1 * out.height1 + out.width2 * out.height2 - intersection + eps;
    out.iou = intersection / unionArea;
    return out;
}

}  // namespace

torch::Tensor boxIou(const torch::Tensor& first, const torch::Tensor& second, double eps) {
    return overlapOf(cornersOf(first, "first"), cornersOf(second, "second"), eps).iou.squeeze(-1);
}

torch::Tensor completeBoxIou(const torch::Tensor& first, const torch::Tensor& second, double eps) {
    const auto a = cornersOf(first, "first");
    const auto b = cornersOf(second, "second");
    const auto overlap = overlapOf(a, b, eps);

    const auto enclosingWidth = a.x2.maximum(b.x2) - a.x1.minimum(b.x1);
    const auto enclosingHeight = a.y2.maximum(b.y2) - a.y1.minimum(b.y1);
    const auto diagonalSquared = enclosingWidth.pow(2) + enclosingHeight.pow(2) + eps;
    // The corner sums are twice the centres, hence the quarter.
    const auto centreDistanceSquared =
        ((b.x1 + b.x2 - a.x1 - a.x2).pow(2) + (b.y1 + b.y2 - a.y1 - a.y2).pow(2)) / 4;

    const double aspectScale = 4.0 / (std::numbers::pi * std::numbers::pi);
    const auto aspect =
        aspectScale *
        ((overlap.width2 / overlap.height2).atan() - (overlap.width1 / overlap.height1).atan()).pow(2);
    torch::Tensor aspectWeight;
    {
        torch::NoGradGuard constantInBackward;
        aspectWeight = aspect / (1 - overlap.iou + aspect + eps);
    }
    return (overlap.iou - (centreDistanceSquared / diagonalSquared + aspect * aspectWeight)).squeeze(-1);
}

}  // namespace graphlens::families::yolo
