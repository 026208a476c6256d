#pragma once
// The images a split of a YOLO dataset YAML names (train/val/test): a folder, a .txt list of image
// paths, or a YAML list of those, relative to the dataset root. Paths that cannot be used become
// defects (the image is skipped with a warning); a split entry that resolves to nothing is an error.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::data {

inline constexpr const char* kSplitExpectation =
    "expected a folder of images, a .txt list of image paths, or a list of those";

struct SplitImages {
    std::vector<std::filesystem::path> images;  // in listing order, not yet checked
    std::vector<std::string> defects;           // listed paths skipped already (missing, non-UTF-8)
};

// key names the split in messages. Throws DatasetError (naming the YAML line) for an entry that does
// not exist or is neither a folder nor a .txt list.
SplitImages listSplitImages(const YAML::Node& node, const std::filesystem::path& root,
                            const std::filesystem::path& yaml, const std::string& key);

}  // namespace graphlens::data
