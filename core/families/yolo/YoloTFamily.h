#pragma once
// yolo-t: YOLOv8n (width 0.25, depth 0.33) as a GraphLens family. The network is captured whole;
// what follows it is where graphs stop: the decode, confidence filter and NMS of a predict call, and
// the task-aligned label assignment of the loss, filter with data-dependent shapes and stay eager.
#include "families/Family.h"

#include <ATen/core/ivalue.h>
#include <torch/types.h>

namespace graphlens::families::yolo {

// The predict call's postprocess for a decoded YOLOv8 output [B, 4 + classes, A] (what Ultralytics'
// Detect returns, and what its TorchScript export returns): a list with one [n, 6] tensor per image,
// x1, y1, x2, y2 (input pixels), score, class; at confidence 0.25, IoU 0.7, at most 300 per image.
c10::IValue yoloPredictions(const torch::Tensor& decoded);

// True when `output` is a decoded YOLOv8 head [B, 4 + classes, A] of a square input (so a TorchScript
// export from Ultralytics gets the same postprocess); why not in `why` otherwise.
bool isDecodedYoloOutput(const torch::Tensor& output, std::string& why);

Family makeYoloTFamily();

}  // namespace graphlens::families::yolo
