#pragma once
// Detection datasets described by a YOLO dataset YAML, as users of YOLO tools write it:
//   path: root (relative to the YAML's folder; empty or missing: the YAML's folder)
//   train/val (required), test (optional): a folder, a .txt list of image paths, or a list of those
//   names: a list, or a map from class id (0..nc-1) to name; nc (optional) must agree with names
// Labels live at the image path with images -> labels and the extension -> .txt.
#include "data/Dataset.h"

#include <filesystem>

namespace graphlens::data {

// Throws DatasetError on anything structural (naming the YAML and line); skips broken images with
// one warning each (Dataset::warnings) and throws when a split has no usable image.
Dataset loadYoloDataset(const std::filesystem::path& yamlPath);

}  // namespace graphlens::data
