#pragma once
// The detector's inference postprocess, what Ultralytics' non_max_suppression does for a YOLOv8
// output with multi_label off: per image, anchors whose best class scores above `confidence`, one
// label each (that class), boxes as corners, the `maxCandidates` best of them through class-aware
// NMS, the first `maxDetections` kept. Runs on the input's device.
//
// Ties in score rank the lower anchor index first (DetectionNms.h). Ultralytics separates classes
// by offsetting boxes 7680 px per class before torchvision's NMS, which rounds their coordinates
// in fp32; here IoU is computed on the boxes as they are and classes are compared, as
// torchvision.ops.batched_nms does per class.
#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace graphlens::families::yolo {

struct DetectionOptions {
    double confidence = 0.25;             // a box needs a best class score above this
    double iou = 0.7;                     // a kept box suppresses same-class boxes it overlaps above this
    std::int64_t maxDetections = 300;     // kept per image, best first
    std::int64_t maxCandidates = 30000;   // best-scoring boxes per image that enter NMS
};

// decoded [B, 4+C, A] -> one [n, 6] float tensor per image: x1, y1, x2, y2, score, class; score descending.
// decoded is what decodeYoloHead returns (cx, cy, w, h in pixels, class scores after the sigmoid).
std::vector<torch::Tensor> yoloDetections(const torch::Tensor& decoded, const DetectionOptions& options = {});

}  // namespace graphlens::families::yolo
