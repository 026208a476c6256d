#pragma once
// How YoloV8's parameter and buffer names correspond to those of Ultralytics' DetectionModel state_dict
// (DetectionModel("yolov8n.yaml") and the other v8 scales), for loadMapped.
#include "families/WeightMapping.h"

namespace graphlens::families::yolo {

families::NameMapping yoloV8UltralyticsNames();

}  // namespace graphlens::families::yolo
