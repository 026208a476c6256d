#include "results/TextFile.h"

#include "results/ResultsError.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace graphlens::results {

std::string readTextFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw ResultsError(path.string() + ": is a folder, expected a file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ResultsError(path.string() + ": cannot open (" + std::strerror(errno) + ")");
    std::ostringstream contents;
    contents << in.rdbuf();
    return contents.str();
}

}  // namespace graphlens::results
