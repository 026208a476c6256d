#include "data/YoloDataset.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/LabelFile.h"
#include "data/PathText.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <map>
#include <optional>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSplitExpectation = "expected a folder of images, a .txt list of image paths, or a list of those";

int lineOf(const YAML::Node& node) { return node.Mark().line + 1; }

std::string scalarText(const YAML::Node& node, const fs::path& yaml, const std::string& key, const char* expected) {
    if (!node.IsScalar()) throw DatasetError(where(yaml, lineOf(node)) + ": " + key + " is not a single value (" + expected + ")");
    return node.Scalar();
}

std::vector<std::string> readNames(const YAML::Node& names, const fs::path& yaml) {
    const char* expected = "expected a list of class names or a map from class id to name";
    std::vector<std::string> result;
    std::vector<int> lines;
    if (names.IsSequence()) {
        for (const auto& item : names) {
            result.push_back(scalarText(item, yaml, "a class name", expected));
            lines.push_back(lineOf(item));
        }
    } else if (names.IsMap()) {
        std::map<int, std::pair<std::string, int>> byId;
        for (const auto& entry : names) {
            const std::string keyText = entry.first.Scalar();
            int id = -1;
            try {
                id = entry.first.as<int>();
            } catch (const YAML::Exception&) {
                throw DatasetError(where(yaml, lineOf(entry.first)) + ": names key '" + keyText +
                                   "' is not a class id (" + expected + ")");
            }
            if (byId.count(id)) {
                throw DatasetError(where(yaml, lineOf(entry.first)) + ": names has class id " + keyText + " twice (" + expected + ")");
            }
            byId[id] = {scalarText(entry.second, yaml, "names[" + keyText + "]", expected), lineOf(entry.second)};
        }
        int next = 0;
        for (const auto& [id, value] : byId) {
            if (id != next) {
                throw DatasetError(where(yaml, lineOf(names)) + ": names has no class id " + std::to_string(next) +
                                   " (expected ids 0.." + std::to_string(byId.size() - 1) + " without gaps)");
            }
            result.push_back(value.first);
            lines.push_back(value.second);
            ++next;
        }
    } else {
        throw DatasetError(where(yaml, lineOf(names)) + ": names is empty or a single value (" + expected + ")");
    }
    if (result.empty()) throw DatasetError(where(yaml, lineOf(names)) + ": names is empty (" + expected + ")");
    for (std::size_t i = 0; i < result.size(); ++i) {
        if (result[i].empty()) throw DatasetError(where(yaml, lines[i]) + ": class " + std::to_string(i) + " has an empty name (expected a name)");
        for (std::size_t j = 0; j < i; ++j) {
            if (result[i] == result[j]) {
                throw DatasetError(where(yaml, lines[i]) + ": duplicate class name '" + result[i] + "' (classes " +
                                   std::to_string(j) + " and " + std::to_string(i) + "; expected unique names)");
            }
        }
    }
    return result;
}

struct Listed {
    std::vector<fs::path> images;
    std::vector<std::string> defects;
};

// Image paths in a .txt list, one per line; relative lines resolve against the list's folder.
void readImageList(const fs::path& list, Listed& listed) {
    std::ifstream file(list, std::ios::binary);
    if (!file) throw DatasetError(where(list) + ": cannot be read (expected a .txt list of image paths)");
    std::string line;
    int lineNumber = 0;
    while (std::getline(file, line)) {
        ++lineNumber;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        const auto start = line.find_first_not_of(" \t");
        if (start == std::string::npos) continue;
        line.erase(0, start);
        if (!isValidUtf8(line)) {
            listed.defects.push_back(where(list, lineNumber) + ": image path is not valid UTF-8 (expected UTF-8 paths)");
            continue;
        }
        fs::path image(line);
        if (image.is_relative()) image = (list.parent_path() / image).lexically_normal();
        if (!fs::is_regular_file(image)) {
            listed.defects.push_back(where(list, lineNumber) + ": '" + line + "' does not exist (expected an image file)");
            continue;
        }
        listed.images.push_back(image);
    }
}

void listEntry(const YAML::Node& node, const fs::path& root, const fs::path& yaml, const std::string& key, Listed& listed) {
    const std::string text = scalarText(node, yaml, key + " entry", kSplitExpectation);
    const fs::path resolved = (root / text).lexically_normal();
    if (fs::is_directory(resolved)) {
        auto listing = listImages(resolved);
        listed.images.insert(listed.images.end(), listing.images.begin(), listing.images.end());
        listed.defects.insert(listed.defects.end(), listing.defects.begin(), listing.defects.end());
    } else if (fs::is_regular_file(resolved) && resolved.extension() == ".txt") {
        readImageList(resolved, listed);
    } else if (fs::exists(resolved)) {
        throw DatasetError(where(yaml, lineOf(node)) + ": " + key + " '" + text + "' is neither a folder nor a .txt list (" +
                           kSplitExpectation + ")");
    } else {
        throw DatasetError(where(yaml, lineOf(node)) + ": " + key + " '" + text + "' does not exist (resolved to " +
                           displayPath(resolved) + "; " + kSplitExpectation + ")");
    }
}

}  // namespace

Dataset loadYoloDataset(const fs::path& yamlPath) {
    if (!fs::is_regular_file(yamlPath)) {
        throw DatasetError(where(yamlPath) + ": does not exist (expected a dataset YAML file)");
    }
    YAML::Node config;
    try {
        config = YAML::LoadFile(yamlPath.string());
    } catch (const YAML::ParserException& error) {
        throw DatasetError(where(yamlPath, error.mark.line + 1) + ": not valid YAML: " + error.msg);
    } catch (const YAML::Exception& error) {
        throw DatasetError(where(yamlPath) + ": cannot be read: " + error.msg);
    }
    if (!config.IsMap()) {
        throw DatasetError(where(yamlPath) + ": not a YAML map (expected keys path, train, val, names)");
    }
    auto required = [&](const char* key, const std::string& expected) {
        const YAML::Node node = config[key];
        if (!node.IsDefined() || node.IsNull()) {
            throw DatasetError(where(yamlPath) + ": missing key '" + key + "' (" + expected + ")");
        }
        return node;
    };

    Dataset dataset;
    dataset.task = Task::Detect;
    dataset.source = yamlPath;
    const YAML::Node namesNode = required("names", "expected a list of class names or a map from class id to name");
    dataset.names = readNames(namesNode, yamlPath);
    if (const YAML::Node nc = config["nc"]; nc.IsDefined() && !nc.IsNull()) {
        std::optional<int> count;
        try {
            count = nc.as<int>();
        } catch (const YAML::Exception&) {
        }
        if (!count || *count <= 0) {
            throw DatasetError(where(yamlPath, lineOf(nc)) + ": nc '" + (nc.IsScalar() ? nc.Scalar() : std::string("?")) +
                               "' is not a positive integer (expected the number of classes)");
        }
        if (static_cast<std::size_t>(*count) != dataset.names.size()) {
            throw DatasetError(where(yamlPath, lineOf(nc)) + ": nc is " + std::to_string(*count) + " but names has " +
                               std::to_string(dataset.names.size()) + " entries (expected them to agree)");
        }
    }

    const fs::path yamlFolder = yamlPath.parent_path().empty() ? fs::path(".") : yamlPath.parent_path();
    fs::path root = yamlFolder;
    if (const YAML::Node pathNode = config["path"]; pathNode.IsDefined() && !pathNode.IsNull()) {
        const std::string text = scalarText(pathNode, yamlPath, "path", "expected the dataset root folder");
        if (!text.empty()) {
            root = fs::path(text).is_absolute() ? fs::path(text) : (yamlFolder / text).lexically_normal();
            if (!fs::is_directory(root)) {
                throw DatasetError(where(yamlPath, lineOf(pathNode)) + ": path '" + text + "' does not exist (resolved to " +
                                   displayPath(root) + "; expected the dataset root folder)");
            }
        }
    }

    const int classCount = static_cast<int>(dataset.names.size());
    for (const char* key : {"train", "val", "test"}) {
        const std::string name = key;
        YAML::Node node;
        if (name == "test") {
            node = config[key];
            if (!node.IsDefined() || node.IsNull()) continue;
        } else {
            node = required(key, kSplitExpectation);
        }
        Listed listed;
        if (node.IsSequence()) {
            for (const auto& item : node) listEntry(item, root, yamlPath, name, listed);
        } else {
            listEntry(node, root, yamlPath, name, listed);
        }
        if (listed.images.empty() && listed.defects.empty()) {
            throw DatasetError(where(yamlPath, lineOf(node)) + ": split '" + name + "' has no images (expected at least one " +
                               imageExtensionsText() + " file)");
        }
        Split split{name, {}};
        std::string firstDefect;
        auto skip = [&](const std::string& defect) {
            if (firstDefect.empty()) firstDefect = defect;
            dataset.warnings.push_back(defect + "; image skipped");
            ++dataset.skippedImages;
        };
        for (const auto& defect : listed.defects) skip(defect);
        for (const auto& image : listed.images) {
            if (auto defect = checkImageFile(image)) {
                skip(*defect);
                continue;
            }
            ImageRecord record{image, {}, -1};
            const fs::path label = labelPathFor(image);
            if (fs::exists(label)) {  // no label file: a background image
                try {
                    record.boxes = readLabelFile(label, classCount);
                } catch (const SampleDefect& defect) {
                    skip(defect.what());
                    continue;
                }
            }
            split.images.push_back(std::move(record));
        }
        if (split.images.empty()) {
            throw DatasetError(where(yamlPath, lineOf(node)) + ": every image of split '" + name + "' is broken (" +
                               std::to_string(listed.images.size() + listed.defects.size()) +
                               " skipped; expected at least one usable image); first: " + firstDefect);
        }
        dataset.splits.push_back(std::move(split));
    }
    return dataset;
}

}  // namespace graphlens::data
