#pragma once
// The built-in dataset (default for `make run` and tests): generated deterministically from a seed
// with OpenCV drawing, written once to a cache folder as real JPEG/PNG files plus a YOLO YAML (box
// labels, and PNG masks under masks_dir for segmentation: six labels, background and the five shapes)
// and an ImageFolder variant, then opened exactly like a user's dataset.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::data {

struct BuiltinOptions {
    std::filesystem::path cacheRoot;  // empty: defaultCacheRoot()
    std::uint64_t seed = 0;
    int trainImages = 64;
    int valImages = 16;
    int classifyPerClass = 16;  // ImageFolder train images per class (val gets a quarter, at least 2)
};

struct BuiltinPaths {
    std::filesystem::path yaml;         // detection: <folder>/data.yaml
    std::filesystem::path imageFolder;  // classification: <folder>/classify (train/, val/)
};

// $GRAPHLENS_CACHE_DIR, else the user's cache folder (platform/UserFolders.h: $XDG_CACHE_HOME/graphlens or
// ~/.cache/graphlens on Linux, %LOCALAPPDATA%\GraphLens\cache on Windows), else the temp folder.
std::filesystem::path defaultCacheRoot();

// Generates into cacheRoot/builtin-v2-seed<seed>-<train>-<val>-<perClass> unless a complete copy is
// already there; written to a temporary folder and renamed, so an interrupted run leaves nothing half.
BuiltinPaths ensureBuiltinDataset(const BuiltinOptions& options);

// circle, rectangle, triangle, cross, star.
const std::vector<std::string>& builtinClassNames();

}  // namespace graphlens::data
