#include "data/YoloDataset.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/LabelFile.h"
#include "data/PathText.h"
#include "data/SegmentationMask.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <set>

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

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// Image paths in a .txt list, one per line, as Ultralytics reads them: "./x" is relative to the
// list's folder, any other relative line to the dataset root (falling back to the list's folder when
// the file is only there), absolute lines as they are.
void readImageList(const fs::path& list, const fs::path& root, Listed& listed) {
    std::ifstream file(list, std::ios::binary);
    if (!file) throw DatasetError(where(list) + ": cannot be read (expected a .txt list of image paths)");
    std::string line;
    int lineNumber = 0;
    while (std::getline(file, line)) {
        ++lineNumber;
        if (lineNumber == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        const auto start = line.find_first_not_of(" \t");
        if (start == std::string::npos) continue;
        line.erase(0, start);
        if (!isValidUtf8(line)) {
            listed.defects.push_back(where(list, lineNumber) + ": image path is not valid UTF-8 (expected UTF-8 paths)");
            continue;
        }
        fs::path image(line);
        if (image.is_relative()) {
            const fs::path listFolder = list.parent_path();
            if (line.rfind("./", 0) == 0) {
                image = (listFolder / image).lexically_normal();
            } else {
                image = (root / line).lexically_normal();
                if (!fs::is_regular_file(image) && fs::is_regular_file(listFolder / line)) image = (listFolder / line).lexically_normal();
            }
        }
        if (!fs::is_regular_file(image)) {
            listed.defects.push_back(where(list, lineNumber) + ": '" + line + "' does not exist (resolved to " + displayPath(image) +
                                     "; expected an image file)");
            continue;
        }
        listed.images.push_back(image);
    }
}

void listEntry(const YAML::Node& node, const fs::path& root, const fs::path& yaml, const std::string& key, Listed& listed) {
    const std::string text = scalarText(node, yaml, key + " entry", kSplitExpectation);
    fs::path resolved = (root / text).lexically_normal();
    // Exporters (Roboflow and others) write "../train/images" beside a data.yaml that sits in the
    // dataset root; Ultralytics then drops the "../": so do we.
    if (!fs::exists(resolved) && text.rfind("../", 0) == 0 && fs::exists(root / text.substr(3))) {
        resolved = (root / text.substr(3)).lexically_normal();
    }
    if (fs::is_directory(resolved)) {
        auto listing = listImages(resolved);
        listed.images.insert(listed.images.end(), listing.images.begin(), listing.images.end());
        listed.defects.insert(listed.defects.end(), listing.defects.begin(), listing.defects.end());
    } else if (fs::is_regular_file(resolved) && lowercase(resolved.extension().string()) == ".txt") {
        readImageList(resolved, root, listed);
    } else if (fs::exists(resolved)) {
        throw DatasetError(where(yaml, lineOf(node)) + ": " + key + " '" + text + "' is neither a folder nor a .txt list (" +
                           kSplitExpectation + ")");
    } else {
        throw DatasetError(where(yaml, lineOf(node)) + ": " + key + " '" + text + "' does not exist (resolved to " +
                           displayPath(resolved) + "; " + kSplitExpectation + ")");
    }
}

void requireUtf8Folders(const fs::path& path, const fs::path& yaml, int line) {
    const fs::path bad = firstNonUtf8Component(path);
    if (bad.empty()) return;
    throw DatasetError(where(yaml, line) + ": the folder name in " + displayPath(bad) +
                       " is not valid UTF-8 (expected UTF-8 names for the folders above and inside the dataset, "
                       "which messages and result files carry; rename that folder)");
}

LabelRules readLabelRules(const YAML::Node& config, const fs::path& yaml, int classCount) {
    LabelRules rules;
    rules.classCount = classCount;
    const YAML::Node taskNode = config["task"];
    std::string task = "detect";
    if (taskNode.IsDefined() && !taskNode.IsNull()) {
        task = lowercase(scalarText(taskNode, yaml, "task", "expected detect, segment, obb or pose"));
        if (task == "segment") rules.task = LabelRules::Task::Segment;
        else if (task == "obb") rules.task = LabelRules::Task::Obb;
        else if (task == "pose") rules.task = LabelRules::Task::Pose;
        else if (task != "detect") {
            throw DatasetError(where(yaml, lineOf(taskNode)) + ": task '" + taskNode.Scalar() +
                               "' is not a label format (expected detect, segment, obb or pose)");
        }
    }
    const YAML::Node shape = config["kpt_shape"];
    if (!shape.IsDefined() || shape.IsNull()) {
        if (rules.task == LabelRules::Task::Pose) {
            throw DatasetError(where(yaml, lineOf(taskNode)) + ": task pose without kpt_shape (expected kpt_shape: [K, 2] or [K, 3])");
        }
        return rules;
    }
    const char* expected = "expected [K, 2] or [K, 3]: K keypoints of x y, or x y visibility";
    std::optional<int> count, dims;
    if (shape.IsSequence() && shape.size() == 2) {
        try {
            count = shape[0].as<int>();
            dims = shape[1].as<int>();
        } catch (const YAML::Exception&) {
            count.reset();
        }
    }
    if (!count || !dims || *count <= 0 || (*dims != 2 && *dims != 3)) {
        throw DatasetError(where(yaml, lineOf(shape)) + ": kpt_shape is not a keypoint shape (" + expected + ")");
    }
    if (rules.task == LabelRules::Task::Segment || rules.task == LabelRules::Task::Obb) {
        throw DatasetError(where(yaml, lineOf(shape)) + ": kpt_shape is for pose labels but task is " + task +
                           " (expected one of them)");
    }
    rules.task = LabelRules::Task::Pose;
    rules.keypoints = *count;
    rules.keypointDims = *dims;
    return rules;
}

// "5 fields" or "5 fields and 4 fields", for the every-image-skipped message.
std::string joinSeen(const std::set<std::string>& seen) {
    std::string text;
    std::size_t i = 0;
    for (const auto& item : seen) {
        if (i == 3) {
            text += ", ...";
            break;
        }
        text += (i == 0 ? "" : (i + 1 == seen.size() ? " and " : ", ")) + item;
        ++i;
    }
    return text;
}

}  // namespace

Dataset loadYoloDataset(const fs::path& yamlPath) {
    if (!fs::is_regular_file(yamlPath)) {
        throw DatasetError(where(yamlPath) + ": does not exist (expected a dataset YAML file)");
    }
    requireUtf8Folders(yamlPath.parent_path().empty() ? fs::path(".") : yamlPath.parent_path(), yamlPath, 0);
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
    const LabelRules rules = readLabelRules(config, yamlPath, static_cast<int>(dataset.names.size()));

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
            requireUtf8Folders(root, yamlPath, lineOf(pathNode));
        }
    }

    if (const YAML::Node masksNode = config["masks_dir"]; masksNode.IsDefined() && !masksNode.IsNull()) {
        const char* expected = "expected a folder of PNG masks, one per image, relative to the dataset root";
        const std::string text = scalarText(masksNode, yamlPath, "masks_dir", expected);
        const fs::path masks = fs::path(text).is_absolute() ? fs::path(text) : (root / text).lexically_normal();
        if (text.empty() || !fs::is_directory(masks)) {
            throw DatasetError(where(yamlPath, lineOf(masksNode)) + ": masks_dir '" + text + "' is not a folder (resolved to " +
                               displayPath(masks) + "; " + expected + ")");
        }
        if (dataset.names.size() > static_cast<std::size_t>(kMaxSegmentationClasses)) {
            throw DatasetError(where(yamlPath, lineOf(masksNode)) + ": masks_dir with " + std::to_string(dataset.names.size()) +
                               " classes (expected at most " + std::to_string(kMaxSegmentationClasses) +
                               ": mask labels are 8-bit, 0 background and 255 ignore)");
        }
        dataset.masksDir = masks;
    }

    int boxLines = 0, quadLines = 0, polygonLines = 0;
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
        std::string firstDefect, firstFormatDefect;
        std::size_t skippedHere = 0, formatSkipped = 0;
        std::set<std::string> formatsSeen;
        auto skip = [&](const std::string& defect) {
            if (firstDefect.empty()) firstDefect = defect;
            dataset.warnings.push_back(defect + "; image skipped");
            ++dataset.skippedImages;
            ++skippedHere;
        };
        for (const auto& defect : listed.defects) skip(defect);
        for (const auto& image : listed.images) {
            if (auto defect = checkImageFile(image)) {
                skip(*defect);
                continue;
            }
            ImageRecord record;
            record.image = image;
            if (!dataset.masksDir.empty()) {
                // Only the folders below the root name the mask (a root inside some "images" folder must not).
                const fs::path below = image.lexically_relative(root);
                const bool inside = !below.empty() && *below.begin() != "..";
                record.mask = maskPathFor(inside ? below : image.filename(), dataset.masksDir);
                if (!fs::is_regular_file(record.mask)) {
                    skip(where(image) + ": no mask file " + displayPath(record.mask) + " (expected one PNG per image under masks_dir)");
                    continue;
                }
            }
            const fs::path label = labelPathFor(image);
            if (fs::exists(label)) {  // no label file: a background image
                try {
                    Labels labels = readLabels(label, rules);
                    boxLines += labels.boxLines;
                    quadLines += labels.quadLines;
                    polygonLines += labels.polygonLines;
                    split.objects += static_cast<int>(labels.boxes.size());
                    record.boxes = std::move(labels.boxes);
                    record.polygons = std::move(labels.polygons);
                    record.keypoints = std::move(labels.keypoints);
                } catch (const LabelFormatDefect& defect) {
                    if (firstFormatDefect.empty()) firstFormatDefect = defect.what();
                    formatsSeen.insert(defect.seen);
                    ++formatSkipped;
                    skip(defect.what());
                    continue;
                } catch (const SampleDefect& defect) {
                    skip(defect.what());
                    continue;
                }
                ++split.labelFiles;
            }
            split.images.push_back(std::move(record));
        }
        if (split.images.empty()) {
            const std::string at = where(yamlPath, lineOf(node));
            if (formatSkipped > 0 && formatSkipped == skippedHere) {
                throw DatasetError(at + ": every image of split '" + name + "' was skipped for its label format: the label lines have " +
                                   joinSeen(formatsSeen) + ", expected " + expectedLabelFields(rules) + "; first: " + firstFormatDefect);
            }
            std::string formatNote;
            if (formatSkipped > 0) {
                formatNote = "; " + std::to_string(formatSkipped) + " for their label format: the label lines have " +
                             joinSeen(formatsSeen) + ", expected " + expectedLabelFields(rules);
            }
            throw DatasetError(at + ": every image of split '" + name + "' is broken (" + std::to_string(skippedHere) +
                               " skipped; expected at least one usable image" + formatNote + "); first: " + firstDefect);
        }
        dataset.splits.push_back(std::move(split));
    }

    // The label format, decided once for the whole dataset. 9-field lines are 4-point polygons or
    // DOTA oriented boxes: oriented boxes when the YAML says task: obb, or when (without a task)
    // every label line of the dataset has 9 fields; polygons otherwise (task: segment forces that).
    if (rules.task == LabelRules::Task::Pose) {
        dataset.labelFormat = LabelFormat::Keypoints;
        dataset.keypointCount = rules.keypoints;
        dataset.keypointDims = rules.keypointDims;
    } else if (rules.task == LabelRules::Task::Obb ||
               (rules.task == LabelRules::Task::Auto && quadLines > 0 && boxLines == 0 && polygonLines == 0)) {
        dataset.labelFormat = LabelFormat::OrientedBoxes;
    } else if (quadLines + polygonLines > 0) {
        dataset.labelFormat = LabelFormat::Polygons;
        for (auto& split : dataset.splits) {  // a box-only file in a polygon dataset: rectangles
            for (auto& record : split.images) {
                if (record.polygons.empty()) {
                    for (const auto& box : record.boxes) record.polygons.push_back(rectangleOf(box));
                }
            }
        }
    }
    return dataset;
}

}  // namespace graphlens::data
