#include "families/yolo/YoloHeadLayout.h"

#include <ATen/ATen.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace graphlens::families::yolo {

std::array<std::int64_t, 3> squareGridSides(std::int64_t anchors) {
    // A = n^2 (1 + 1/4 + 1/16) = 21 n^2 / 16 with n = side / 8, a multiple of 4.
    const auto n = static_cast<std::int64_t>(std::llround(std::sqrt(16.0 * static_cast<double>(anchors) / 21.0)));
    if (n <= 0 || n % 4 != 0 || 21 * n * n != 16 * anchors) {
        throw std::invalid_argument("a YOLO head output has " + std::to_string(anchors) +
                                    " anchor points, which is not a square input whose side is a multiple of 32");
    }
    return {n, n / 2, n / 4};
}

AnchorGrid makeAnchorGrid(std::int64_t anchors, torch::Device device, torch::Dtype dtype) {
    const auto sides = squareGridSides(anchors);
    const auto options = torch::TensorOptions().device(device).dtype(dtype);
    std::vector<torch::Tensor> points, strides;
    for (std::size_t level = 0; level < sides.size(); ++level) {
        const auto side = sides[level];
        const auto centres = torch::arange(side, options) + 0.5;
        const auto grid = torch::meshgrid({centres, centres}, "ij");  // grid[0] = y, grid[1] = x
        points.push_back(torch::stack({grid[1], grid[0]}, -1).view({-1, 2}));
        strides.push_back(torch::full({side * side, 1}, static_cast<double>(kStrides[level]), options));
    }
    return {torch::cat(points), torch::cat(strides)};
}

torch::Tensor dflDistances(const torch::Tensor& boxLogits) {
    const auto batch = boxLogits.size(0), anchors = boxLogits.size(1);
    const auto bins = torch::arange(kRegMax, boxLogits.options());
    return boxLogits.view({batch, anchors, 4, kRegMax}).softmax(3).matmul(bins);
}

torch::Tensor distancesToBoxes(const torch::Tensor& distances, const torch::Tensor& points, bool xywh) {
    const auto sides = distances.chunk(2, -1);
    const auto topLeft = points - sides[0];
    const auto bottomRight = points + sides[1];
    if (xywh) return torch::cat({(topLeft + bottomRight) / 2, bottomRight - topLeft}, -1);
    return torch::cat({topLeft, bottomRight}, -1);
}

torch::Tensor decodeYoloHead(const torch::Tensor& raw) {
    if (raw.dim() != 3 || raw.size(1) <= 4 * kRegMax) {
        throw std::invalid_argument("a YOLO head output is [batch, 4 x 16 + classes, anchors]; got " +
                                    std::to_string(raw.dim()) + " dimensions");
    }
    const auto head = raw.to(torch::kFloat);
    const auto batch = head.size(0), anchors = head.size(2);
    // The expected distance as Ultralytics' DFL module sums it (a 1x1 convolution over the bins with
    // weights 0..15), not as dflDistances' matmul: the two orders of summation differ by ~1e-4 px
    // after the stride, and a predict call should give the reference's boxes to the bit.
    const auto bins = torch::arange(kRegMax, head.options()).view({1, kRegMax, 1, 1});
    const auto probabilities = head.narrow(1, 0, 4 * kRegMax).view({batch, 4, kRegMax, anchors}).transpose(2, 1).softmax(1);
    const auto distances = torch::conv2d(probabilities, bins).view({batch, 4, anchors}).transpose(1, 2);  // [B, A, 4]
    const auto grid = makeAnchorGrid(anchors, raw.device());
    const auto boxes = distancesToBoxes(distances, grid.points, true) * grid.strides;
    const auto scores = head.narrow(1, 4 * kRegMax, head.size(1) - 4 * kRegMax).sigmoid();
    return torch::cat({boxes.transpose(1, 2), scores}, 1);
}

}  // namespace graphlens::families::yolo
