#include "data/RegularFile.h"

#include <cstdio>

namespace graphlens::data {
namespace {

std::string mebibytes(std::uintmax_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

// "a label file" -> "a readable label file", "an image file" -> "a readable image file".
std::string readable(const std::string& what) {
    if (what.rfind("an ", 0) == 0) return "a readable " + what.substr(3);
    if (what.rfind("a ", 0) == 0) return "a readable " + what.substr(2);
    return "readable " + what;
}

}  // namespace

std::optional<std::string> regularFileProblem(const std::filesystem::path& path, std::uintmax_t maxBytes,
                                              const char* what) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);  // follows links: a link to a regular file is fine
    if (ec || !fs::exists(status)) return "cannot be read (expected " + readable(what) + ")";
    if (fs::is_directory(status)) return std::string("is a folder (expected ") + what + ")";
    if (!fs::is_regular_file(status)) {
        return std::string("is not a regular file (a pipe, device or socket; expected ") + what + ")";
    }
    const auto size = fs::file_size(path, ec);
    if (ec) return "cannot be read (expected " + readable(what) + ")";
    if (size > maxBytes) {
        return mebibytes(size) + ": too large for " + what + " (at most " + mebibytes(maxBytes) + ")";
    }
    return std::nullopt;
}

}  // namespace graphlens::data
