#pragma once
// A batch's boxes in the fixed shape YOLOv8's loss reads, as Ultralytics' v8DetectionLoss.preprocess
// builds them.
#include "families/TrainingLabels.h"

#include <torch/types.h>

#include <cstdint>

namespace graphlens::families::yolo {

// [batch, M, 5] float: (class, x1, y1, x2, y2) in pixels of the imgsz x imgsz input, M the largest box
// count of any image (at least 1), an image's boxes in the order labels.boxes lists them and the rows
// after them all zero. labels.boxes is [N, 6]: image in batch, class, cx, cy, w, h normalised; an
// undefined or empty tensor means no boxes. Throws std::invalid_argument for another shape, an image
// index outside [0, batch), or a batch or imgsz below 1.
torch::Tensor yoloTrainingTargets(const TrainingLabels& labels, std::int64_t batch, int imgsz);

}  // namespace graphlens::families::yolo
