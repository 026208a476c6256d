#pragma once
// What a dataset may read: regular files only, each kind under a size it can plausibly have. A FIFO
// where a label file should be blocked the reader forever, /dev/zero as a label read until memory ran
// out, and a sparse 3 GB ".jpg" was read whole to look for its end marker: each is now a named
// problem before a byte is read, and the caller skips that sample and says why.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace graphlens::data {

// The largest file of each kind a dataset reads.
inline constexpr std::uintmax_t kMaxLabelFileBytes = 16u << 20;   // a label file: thousands of objects fit in far less
inline constexpr std::uintmax_t kMaxYamlFileBytes = 4u << 20;     // a dataset YAML or split list
inline constexpr std::uintmax_t kMaxImageFileBytes = 256u << 20;  // an image: a 100-megapixel PNG is about that

// Why `path` must not be read as `what` ("a label file", "an image file"): not there, not a regular file
// (a folder, FIFO, device or socket), or larger than `maxBytes`. Empty when it may be read. Names no
// file: callers put where() in front.
std::optional<std::string> regularFileProblem(const std::filesystem::path& path, std::uintmax_t maxBytes,
                                              const char* what);

}  // namespace graphlens::data
