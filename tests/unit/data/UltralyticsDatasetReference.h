#pragma once
// What Ultralytics loads from a YOLO dataset YAML (tests/fixtures/ultralytics_dataset_rules.py, run with
// the venv's python) and the same view of what GraphLens loads, as text in one format, so a test
// compares the two with one CHECK and a mismatch shows both:
//   names N name...
//   split NAME IMAGES
//   image PATH ROWS        PATH relative to the YAML's folder
//   box CLS CX CY W H      per row
//   points X1 Y1 ...       per row, for polygon and oriented-box labels
// Floats are %.9g: exact for float32, so equal text is equal values.
#include <filesystem>
#include <optional>
#include <string>

namespace graphlens::testing {

// Ultralytics' view (check_det_dataset, then YOLODataset per split with task). nullopt with
// skipReason set when the venv's python or Ultralytics is missing; throws std::runtime_error with
// the script's output when it fails.
std::optional<std::string> ultralyticsLoads(const std::filesystem::path& yaml, const std::string& task, std::string& skipReason);

// GraphLens' view (data::loadYoloDataset) of the same YAML.
std::string graphLensLoads(const std::filesystem::path& yaml);

}  // namespace graphlens::testing
