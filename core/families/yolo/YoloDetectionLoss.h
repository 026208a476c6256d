#pragma once
// YOLOv8's training loss, equal to Ultralytics' v8DetectionLoss: a task-aligned assignment of anchors
// to boxes, then BCE on the class logits against the soft targets, CIoU and distribution focal loss
// (DFL) on the foreground boxes, both weighted by the anchors' target scores. Every part is divided by
// the sum of the target scores (at least 1) and multiplied by its gain: box 7.5, cls 0.5, dfl 1.5.
#include <torch/types.h>

namespace graphlens::families::yolo {

struct YoloLossParts {
    torch::Tensor box, cls, dfl;  // scalars after the gains, before the batch scaling
    torch::Tensor total;          // (box + cls + dfl) * batch, what backward() is called on
};

// raw: the head's [B, 4 x 16 + C, A] output (YoloHeadLayout.h), computed in fp32 whatever its dtype.
// targets: [B, M, 5] (class, x1, y1, x2, y2 pixels), rows whose corners sum to 0 being padding, as
// yoloTrainingTargets builds them; M may be 0. Throws std::invalid_argument for other shapes.
YoloLossParts yoloDetectionLoss(const torch::Tensor& raw, const torch::Tensor& targets);

}  // namespace graphlens::families::yolo
