#pragma once
// The images a split of a YOLO dataset YAML names (train/val/test): a folder, a .txt list of image
// paths, or a YAML list of those, relative to the dataset root. Paths that cannot be used become
// defects (the image is skipped with a warning); a split entry that resolves to nothing is an error.
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::data {

inline constexpr const char* kSplitExpectation =
    "expected a folder of images, a .txt list of image paths, or a list of those";

struct SplitImages {
    std::vector<std::filesystem::path> images;  // each once, sorted by path as text (as Ultralytics), not yet checked
    std::vector<std::size_t> copies;            // per image: how many times the split lists it (>= 1)
    std::vector<std::string> defects;           // listed paths skipped already (missing, non-UTF-8)
};

// key names the split in messages. Throws DatasetError (naming the YAML line) for an entry that does
// not exist or is neither a folder nor a .txt list.
// An image listed several times (a folder named twice, a folder and a .txt list naming the same file)
// counts that many times, as Ultralytics' get_img_files keeps every copy; each distinct entry is
// listed, and each distinct image returned, once, so 200,000 aliases of one folder stay cheap.
SplitImages listSplitImages(const YAML::Node& node, const std::filesystem::path& root,
                            const std::filesystem::path& yaml, const std::string& key);

}  // namespace graphlens::data
