#include "results/AtomicFile.h"

#include "results/ResultsError.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <system_error>

namespace graphlens::results {
namespace fs = std::filesystem;

namespace {

fs::path temporarySibling(const fs::path& path) {
    std::random_device entropy;
    return path.parent_path() / (path.filename().string() + ".tmp-" + std::to_string(entropy()));
}

fs::path folderOf(const fs::path& path) {
    return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

}  // namespace

void writeFileAtomically(const fs::path& path, const std::string& contents) {
    const fs::path temporary = temporarySibling(path);
    errno = 0;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) {
            throw ResultsError(path.string() + ": cannot write (" + std::strerror(errno) + ")");
        }
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
        out.flush();
        if (!out) {
            // errno of the failed write: "No space left on device", "File too large", "Disk quota exceeded".
            const std::string cause = errno != 0 ? std::strerror(errno) : "disk full?";
            std::error_code ignored;
            fs::remove(temporary, ignored);
            throw ResultsError(path.string() + ": write failed (" + cause + "); nothing was written to it");
        }
    }
    std::error_code ec;
    fs::rename(temporary, path, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw ResultsError(path.string() + ": cannot replace (" + ec.message() + ")");
    }
}

void checkWritable(const fs::path& path) {
    const fs::path folder = folderOf(path);
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        throw ResultsError(path.string() + ": folder " + folder.string() + " does not exist");
    }
    if (fs::is_directory(path, ec)) {
        throw ResultsError(path.string() + ": is a folder, expected a file name");
    }
    const fs::path probe = temporarySibling(path);
    {
        std::ofstream out(probe, std::ios::binary);
        if (!out) {
            throw ResultsError(path.string() + ": cannot write in " + folder.string() + " (" +
                               std::strerror(errno) + ")");
        }
    }
    fs::remove(probe, ec);
}

}  // namespace graphlens::results
