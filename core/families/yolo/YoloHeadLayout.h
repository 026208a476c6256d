#pragma once
// The geometry of a YOLOv8-style anchor-free head, shared by the inference decode and the training
// loss: three levels at strides 8/16/32, one anchor point per cell at the cell centre, boxes as
// distances (left, top, right, bottom) from that point, each a distribution over reg_max bins (DFL).
//
// The network's output is one tensor [B, 4 * reg_max + classes, A]: every level's map flattened
// row-major and concatenated P3, P4, P5, as Ultralytics' Detect head concatenates them. A square input
// of side s gives A = (s/8)^2 + (s/16)^2 + (s/32)^2, so the grid is known from A alone.
#include <torch/types.h>

#include <array>
#include <cstdint>

namespace graphlens::families::yolo {

inline constexpr int kRegMax = 16;
inline constexpr std::array<int, 3> kStrides = {8, 16, 32};

// The side of each level's square grid, P3 first. Throws std::invalid_argument when `anchors` is not
// the anchor count of a square input whose side is a multiple of 32.
std::array<std::int64_t, 3> squareGridSides(std::int64_t anchors);

struct AnchorGrid {
    torch::Tensor points;   // [A, 2] float: (x, y) cell centres in grid units of their level
    torch::Tensor strides;  // [A, 1] float: each point's stride in pixels
};

// Ultralytics' make_anchors(offset 0.5) for a square input with `anchors` points.
AnchorGrid makeAnchorGrid(std::int64_t anchors, torch::Device device, torch::Dtype dtype = torch::kFloat);

// Expected distance of each side: softmax over the reg_max bins, weighted by the bin index.
// boxLogits [B, A, 4 * reg_max] -> [B, A, 4] (left, top, right, bottom) in grid units.
torch::Tensor dflDistances(const torch::Tensor& boxLogits);

// Distances [B, A, 4] from points [A, 2] to boxes [B, A, 4]: corners (x1, y1, x2, y2), or centre and
// size (cx, cy, w, h) when xywh.
torch::Tensor distancesToBoxes(const torch::Tensor& distances, const torch::Tensor& points, bool xywh);

// What Ultralytics' Detect head returns in eval mode: [B, 4 + classes, A] with boxes as centre and
// size in input pixels and class scores after the sigmoid, computed in fp32. raw is the head's
// [B, 4 * reg_max + classes, A] output.
torch::Tensor decodeYoloHead(const torch::Tensor& raw);

}  // namespace graphlens::families::yolo
