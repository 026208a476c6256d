#pragma once
// Detection datasets described by a YOLO dataset YAML, as users of YOLO tools write it:
//   path: root (absolute, or relative to the YAML's folder; empty or missing: the YAML's folder)
//   train/val (required), test (optional): a folder, a .txt list of image paths, or a list of those,
//     relative to the root; "../train/images" that does not exist is retried without the "../"
//     (the layout Roboflow-style exporters write beside a data.yaml in the dataset root)
//   .txt lists: "./x" relative to the list's folder, other relative lines to the root (then the list's folder)
//   names: a list, or a map from class id (0..nc-1) to name; nc (optional) must agree with names
//   task (optional): detect | segment | obb | pose, only to settle the label format (see below)
//   kpt_shape (optional): [K, 2|3]: pose labels, "class cx cy w h" then K keypoints "x y [visibility]"
//   masks_dir (optional): a folder (relative to the root) of PNG label maps for semantic segmentation,
//     one per image (data/SegmentationMask.h: where each image's mask is, what its values mean); an
//     image without one is skipped with a warning
// As Ultralytics reads it: a key written twice keeps its last value (PyYAML); a split that lists an
// image n times (a folder named n times, aliases included) holds it n times; aliases that expand past
// kMaxYamlExpandedValues values are refused as an alias bomb.
// Labels live at the image path with the last "images" folder -> "labels" and the extension -> .txt.
// Label format (LabelFile.h lists the line forms): a 9-field line is a 4-point polygon or a DOTA
// oriented box. It is an oriented box when the YAML says task: obb, or when the YAML names no task
// and every label line of the dataset has 9 fields; otherwise a polygon (task: segment forces that).
// Detection uses the axis-aligned bounds of polygons and oriented boxes; Dataset::summary() says so.
#include "data/Dataset.h"

#include <filesystem>

namespace graphlens::data {

// Throws DatasetError on anything structural (naming the YAML and line); skips broken images with
// one warning each (Dataset::warnings) and throws when a split has no usable image.
Dataset loadYoloDataset(const std::filesystem::path& yamlPath);

}  // namespace graphlens::data
