#pragma once
// The label rules a YOLO dataset YAML sets: `task` (detect | segment | obb | pose) and `kpt_shape`
// ([K, 2|3], which makes the labels pose labels). YoloDataset.h says how they settle the format.
#include "data/LabelFile.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

namespace graphlens::data {

// Throws DatasetError naming the line for an unknown task, a malformed kpt_shape, task pose without
// kpt_shape, or kpt_shape with task segment or obb.
LabelRules readLabelRules(const YAML::Node& config, const std::filesystem::path& yaml, int classCount);

}  // namespace graphlens::data
