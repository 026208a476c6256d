#pragma once
// Writing small dataset trees for the dataset fuzzers: a fixed YOLO tree (images that decode, label
// files, a list file, a masks folder) and files named by a fuzz input, kept inside the scratch folder.
#include "FuzzScratch.h"
#include "TinyImages.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace graphlens::fuzz {

inline void writeText(const std::filesystem::path& path, std::string_view text) {
    std::filesystem::create_directories(path.parent_path());
    writeBytes(path, reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

inline void writeTinyImage(const std::filesystem::path& path, bool png) {
    std::filesystem::create_directories(path.parent_path());
    if (png) {
        writeBytes(path, kTinyPng, sizeof kTinyPng);
    } else {
        writeBytes(path, kTinyJpeg, sizeof kTinyJpeg);
    }
}

// A relative path made of the input's components without "", "." and ".." (so nothing written or
// named leaves the tree); empty when nothing is left or it is too deep.
inline std::filesystem::path containedPath(std::string_view text) {
    std::filesystem::path result;
    int depth = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('/', start);
        if (end == std::string_view::npos) end = text.size();
        const auto part = text.substr(start, end - start);
        if (!part.empty() && part != "." && part != ".." && part.find('\0') == std::string_view::npos) {
            if (++depth > 6 || part.size() > 64) return {};
            result /= std::string(part);
        }
        start = end + 1;
    }
    return result;
}

}  // namespace graphlens::fuzz
