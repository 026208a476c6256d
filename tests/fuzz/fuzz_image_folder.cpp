// The ImageFolder walker (core/data/ImageFolderDataset): loadImageFolder on a tree the input describes.
// Records are separated by "\n--\n"; a record's first line is a path inside the tree (a trailing '/'
// makes a folder), the rest the file's bytes, or "@png" / "@jpg" for an 8x8 image that decodes.
// Paths lose "", "." and ".." components, so every file lands inside the tree.
#include "DatasetTree.h"

#include "data/ImageFolderDataset.h"

#include <exception>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace fs = std::filesystem;
    using namespace graphlens::fuzz;
    const fs::path root = scratchFolder() / "tree";
    fs::remove_all(root);
    fs::create_directories(root);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    constexpr std::string_view kSeparator = "\n--\n";
    std::size_t start = 0;
    for (int records = 0; start <= text.size() && records < 32; ++records) {
        std::size_t end = text.find(kSeparator, start);
        if (end == std::string_view::npos) end = text.size();
        const auto record = text.substr(start, end - start);
        start = end + kSeparator.size();
        const std::size_t lineEnd = std::min(record.find('\n'), record.size());
        const auto name = record.substr(0, lineEnd);
        const auto relative = containedPath(name);
        if (relative.empty()) continue;
        const auto bytes = lineEnd < record.size() ? record.substr(lineEnd + 1) : std::string_view();
        std::error_code ec;
        if (name.back() == '/') {
            fs::create_directories(root / relative, ec);
            continue;
        }
        fs::create_directories((root / relative).parent_path(), ec);
        if (ec || fs::is_directory(root / relative, ec)) continue;
        if (bytes == "@png" || bytes == "@jpg") {
            writeTinyImage(root / relative, bytes == "@png");
        } else {
            writeBytes(root / relative, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        }
    }
    try {
        (void)graphlens::data::loadImageFolder(root);
    } catch (const std::exception&) {
    }
    return 0;
}
