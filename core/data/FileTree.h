#pragma once
// Removing a folder tree. Not std::filesystem::remove_all: the torch wheel's libtorch.so exports its
// own copy of that symbol, which crashes (null call) in any binary that links libtorch.
#include <filesystem>

namespace graphlens::data {

// Removes path and everything under it (symlinks are removed, not followed); errors are ignored.
void removeTree(const std::filesystem::path& path);

}  // namespace graphlens::data
