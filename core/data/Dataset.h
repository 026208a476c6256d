#pragma once
// A dataset after parsing and validation: every listed image passed the cheap checks (known file
// signature, complete JPEG, valid label rows); broken ones are listed in `warnings`, not here.
#include "data/Box.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace graphlens::data {

enum class Task { Detect, Classify };

// What a detection dataset's label lines are (YoloDataset.h says how it is decided).
enum class LabelFormat { Boxes, Polygons, OrientedBoxes, Keypoints };
const char* labelFormatName(LabelFormat format);  // "boxes", "polygons", "oriented boxes", "keypoints"

struct ImageRecord {
    std::filesystem::path image;
    std::vector<Box> boxes;  // detection, one per object; empty for a background image
    int classIndex = -1;     // classification
    // Segmentation polygons or oriented-box corners, one per object (boxes[i] is polygons[i]'s
    // axis-aligned bounds); empty when the label file holds boxes only.
    std::vector<Polygon> polygons = {};
    // Pose: Dataset::keypointCount per object, object after object; empty otherwise.
    std::vector<Keypoint> keypoints = {};
    // Segmentation: the image's mask file (Dataset::masksDir); empty when the dataset has none.
    std::filesystem::path mask = {};
};

struct Split {
    std::string name;  // train | val | test
    std::vector<ImageRecord> images;
    int labelFiles = 0;  // images with a label file (the others are backgrounds)
    int objects = 0;     // label lines over the split's images
};

struct Dataset {
    Task task = Task::Detect;
    std::filesystem::path source;    // the YAML file or the ImageFolder root
    std::vector<std::string> names;  // class names, index = class id
    std::vector<Split> splits;       // in the order train, val, test (those present)
    std::vector<std::string> warnings;  // one line per skipped image
    int skippedImages = 0;
    LabelFormat labelFormat = LabelFormat::Boxes;  // detection
    int keypointCount = 0, keypointDims = 0;       // Keypoints: the YAML's kpt_shape
    // The YAML's masks_dir (resolved): one PNG label map per image (data/SegmentationMask.h); empty: none.
    std::filesystem::path masksDir;

    // Whether a segmentation network can train on it: mask files, or polygon labels to rasterise
    // (at most kMaxSegmentationClasses classes: labels are 8-bit).
    bool hasMasks() const;

    const Split* findSplit(std::string_view name) const;
    // Throws DatasetError naming the splits that exist.
    const Split& split(std::string_view name) const;
    // "coco8.yaml: detect, 80 classes, train 4 images (4 labelled, 17 boxes), val 4 images (...) (0 skipped)"
    // plus, for oriented boxes, "; oriented boxes: detection uses their axis-aligned bounding boxes".
    std::string summary() const;
};

}  // namespace graphlens::data
