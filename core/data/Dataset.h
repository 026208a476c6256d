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

struct ImageRecord {
    std::filesystem::path image;
    std::vector<Box> boxes;  // detection; empty for a background image
    int classIndex = -1;     // classification
};

struct Split {
    std::string name;  // train | val | test
    std::vector<ImageRecord> images;
};

struct Dataset {
    Task task = Task::Detect;
    std::filesystem::path source;    // the YAML file or the ImageFolder root
    std::vector<std::string> names;  // class names, index = class id
    std::vector<Split> splits;       // in the order train, val, test (those present)
    std::vector<std::string> warnings;  // one line per skipped image
    int skippedImages = 0;

    const Split* findSplit(std::string_view name) const;
    // Throws DatasetError naming the splits that exist.
    const Split& split(std::string_view name) const;
    // "coco8.yaml: detect, 80 classes, train 4 images, val 4 images (0 skipped)"
    std::string summary() const;
};

}  // namespace graphlens::data
