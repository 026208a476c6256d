#pragma once
// `graphlens-cli data-check`: opens a dataset the way a sweep or a training run does (the YAML or
// the ImageFolder read, every split listed, every label file parsed and checked against the class
// count) without touching a GPU or decoding an image, so the window can say before a run whether a
// dataset works and what it holds.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace graphlens::bench {

struct DatasetCheckResult {
    bool ok = false;
    std::string task;     // detect | classify
    int classes = 0;
    std::string summary;  // "data.yaml: detect, 5 classes, train 64 images (...), val 16 images (...) (0 skipped)"
    std::vector<std::string> warnings;  // images or label files skipped, one line each
    std::string error;    // when not ok: what is wrong, naming the file (and line)
};

// `data`: a YOLO data.yaml or an ImageFolder root (the built-in dataset needs no check).
DatasetCheckResult checkDataset(const std::string& data);
nlohmann::json toJson(const DatasetCheckResult& result);

}  // namespace graphlens::bench
