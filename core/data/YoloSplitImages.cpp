#include "data/YoloSplitImages.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/PathText.h"
#include "data/RegularFile.h"
#include "data/YamlFields.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <unordered_map>
#include <utility>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

bool isTxtFile(const fs::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
    return fs::is_regular_file(path) && extension == ".txt";
}

// One line of a .txt list without its byte-order mark (first line), trailing CR/blanks and leading
// blanks; empty when nothing is left.
std::string trimListLine(std::string line, int lineNumber) {
    if (lineNumber == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos) return {};
    return line.erase(0, start);
}

// As Ultralytics resolves a list's line: "./x" relative to the list's folder, any other relative line
// to the dataset root (falling back to the list's folder when the file is only there), absolute as is.
fs::path resolveListedPath(const std::string& line, const fs::path& list, const fs::path& root) {
    fs::path image(line);
    if (!image.is_relative()) return image;
    const fs::path listFolder = list.parent_path();
    if (line.rfind("./", 0) == 0) return (listFolder / image).lexically_normal();
    image = (root / line).lexically_normal();
    if (!fs::is_regular_file(image) && fs::is_regular_file(listFolder / line)) image = (listFolder / line).lexically_normal();
    return image;
}

// Image paths in a .txt list, one per line, each counted `copies` times (the list is named that often).
void readImageList(const fs::path& list, const fs::path& root, std::size_t copies, SplitImages& listed) {
    if (const auto problem = regularFileProblem(list, kMaxYamlFileBytes, "a .txt list of image paths")) {
        throw DatasetError(where(list) + ": " + *problem);
    }
    std::ifstream file(list, std::ios::binary);
    if (!file) throw DatasetError(where(list) + ": cannot be read (expected a .txt list of image paths)");
    std::string raw;
    int lineNumber = 0;
    while (std::getline(file, raw)) {
        ++lineNumber;
        const std::string line = trimListLine(std::move(raw), lineNumber);
        if (line.empty()) continue;
        if (!isValidUtf8(line)) {
            listed.defects.push_back(where(list, lineNumber) + ": image path is not valid UTF-8 (expected UTF-8 paths)");
            continue;
        }
        if (line.find('\0') != std::string::npos) {  // the file system would read the path only up to it
            listed.defects.push_back(where(list, lineNumber) + ": image path holds a NUL character (expected one path per line)");
            continue;
        }
        const fs::path image = resolveListedPath(line, list, root);
        if (!fs::is_regular_file(image)) {
            listed.defects.push_back(where(list, lineNumber) + ": '" + line + "' does not exist (resolved to " + displayPath(image) +
                                     "; expected an image file)");
            continue;
        }
        listed.images.push_back(image);
        listed.copies.push_back(copies);
    }
}

void listEntry(const YAML::Node& node, const std::string& text, const fs::path& root, const fs::path& yaml, const std::string& key,
               std::size_t copies, SplitImages& listed) {
    fs::path resolved = (root / text).lexically_normal();
    // Exporters (Roboflow and others) write "../train/images" beside a data.yaml that sits in the
    // dataset root; Ultralytics then drops the "../": so do we.
    if (!fs::exists(resolved) && text.rfind("../", 0) == 0 && fs::exists(root / text.substr(3))) {
        resolved = (root / text.substr(3)).lexically_normal();
    }
    if (fs::is_directory(resolved)) {
        auto listing = listImages(resolved);
        listed.images.insert(listed.images.end(), listing.images.begin(), listing.images.end());
        listed.copies.insert(listed.copies.end(), listing.images.size(), copies);
        listed.defects.insert(listed.defects.end(), listing.defects.begin(), listing.defects.end());
    } else if (isTxtFile(resolved)) {
        readImageList(resolved, root, copies, listed);
    } else if (fs::exists(resolved)) {
        throw DatasetError(where(yaml, yamlLine(node)) + ": " + key + " '" + text + "' is neither a folder nor a .txt list (" +
                           kSplitExpectation + ")");
    } else {
        throw DatasetError(where(yaml, yamlLine(node)) + ": " + key + " '" + text + "' does not exist (resolved to " +
                           displayPath(resolved) + "; " + kSplitExpectation + ")");
    }
}

// Ultralytics sorts a split's image paths as text across all its folders and lists (get_img_files),
// so a subfolder "a-b" comes before "a" ('-' < '/') and a list's images mix with a folder's. Sorted,
// an image listed several times (a folder and a list naming it) is adjacent to itself: it is kept once,
// with the copies of every listing added up.
void sortAndMergeAsUltralytics(SplitImages& listed) {
    std::vector<std::string> texts;
    texts.reserve(listed.images.size());
    for (const auto& image : listed.images) texts.push_back(image.string());
    std::vector<std::size_t> order(texts.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return texts[a] < texts[b]; });
    SplitImages sorted;
    sorted.defects = std::move(listed.defects);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto i = order[k];
        if (k > 0 && texts[i] == texts[order[k - 1]]) {
            sorted.copies.back() += listed.copies[i];
            continue;
        }
        sorted.images.push_back(std::move(listed.images[i]));
        sorted.copies.push_back(listed.copies[i]);
    }
    listed = std::move(sorted);
}

}  // namespace

SplitImages listSplitImages(const YAML::Node& node, const fs::path& root, const fs::path& yaml, const std::string& key) {
    // The entries as written, each once with how often it is written (aliases of one folder included).
    std::vector<std::pair<YAML::Node, std::size_t>> entries;
    std::unordered_map<std::string, std::size_t> entryIndex;
    std::vector<std::string> texts;
    const auto addEntry = [&](const YAML::Node& item) {
        std::string text = yamlScalar(item, yaml, key + " entry", kSplitExpectation);
        const auto [found, inserted] = entryIndex.emplace(text, entries.size());
        if (!inserted) {
            ++entries[found->second].second;
            return;
        }
        entries.emplace_back(item, 1);
        texts.push_back(std::move(text));
    };
    if (node.IsSequence()) {
        for (const auto& item : node) addEntry(item);
    } else {
        addEntry(node);
    }
    SplitImages listed;
    for (std::size_t i = 0; i < entries.size(); ++i) listEntry(entries[i].first, texts[i], root, yaml, key, entries[i].second, listed);
    sortAndMergeAsUltralytics(listed);
    return listed;
}

}  // namespace graphlens::data
