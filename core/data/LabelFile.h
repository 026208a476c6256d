#pragma once
// YOLO label files: one row per box, "class cx cy w h", coordinates normalised to [0, 1].
#include "data/Box.h"

#include <filesystem>
#include <vector>

namespace graphlens::data {

// Throws SampleDefect "<file>:<line>: <what> (expected ...)" on the first bad row. Blank lines are
// allowed; an empty file is a background image.
std::vector<Box> readLabelFile(const std::filesystem::path& path, int classCount);

}  // namespace graphlens::data
