#include "data/FileTree.h"

#include <vector>

namespace graphlens::data {

void removeTree(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ignored;
    if (fs::is_directory(fs::symlink_status(path, ignored))) {
        std::vector<fs::path> children;
        for (fs::directory_iterator it(path, ignored), end; !ignored && it != end; it.increment(ignored)) {
            children.push_back(it->path());
        }
        for (const auto& child : children) removeTree(child);
    }
    fs::remove(path, ignored);
}

}  // namespace graphlens::data
