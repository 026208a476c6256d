#pragma once
// Overlap of axis-aligned boxes given as corners (x1, y1, x2, y2) in the last dimension. The two
// arguments broadcast over their leading dimensions and pair up element by element: [..., 4] and
// [..., 4] give one value per pair, [...].
//
// The eps terms sit where Ultralytics' bbox_iou puts them (on each height, the union and the enclosing
// diagonal), because the task-aligned assigner ranks anchors by these values raised to the 6th power:
// a different eps would reorder near-ties and hand anchors to other boxes.
#include <torch/types.h>

namespace graphlens::families::yolo {

// Intersection over union.
torch::Tensor boxIou(const torch::Tensor& first, const torch::Tensor& second, double eps = 1e-7);

// Complete IoU (Zheng et al., "Distance-IoU Loss", 2020): IoU minus the squared centre distance over the
// squared diagonal of the enclosing box, minus an aspect-ratio term whose weight is held constant in
// backward, as the paper prescribes. In [-1, 1]; 1 only for identical boxes.
torch::Tensor completeBoxIou(const torch::Tensor& first, const torch::Tensor& second, double eps = 1e-7);

}  // namespace graphlens::families::yolo
