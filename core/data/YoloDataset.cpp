// loadYoloDataset: the YAML's top-level keys in order. The parts live beside it: YamlFields (reading
// a field with its line), YoloClassNames (names, nc), YoloLabelRules (task, kpt_shape),
// YoloSplitImages (what a split lists), YoloSplitLoader (images -> records, skips and their errors).
#include "data/YoloDataset.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/PathText.h"
#include "data/RegularFile.h"
#include "data/SegmentationMask.h"
#include "data/YamlFields.h"
#include "data/YoloClassNames.h"
#include "data/YoloLabelRules.h"
#include "data/YoloSplitImages.h"
#include "data/YoloSplitLoader.h"

#include <yaml-cpp/yaml.h>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

void requireUtf8Folders(const fs::path& path, const fs::path& yaml, int line) {
    const fs::path bad = firstNonUtf8Component(path);
    if (bad.empty()) return;
    throw DatasetError(where(yaml, line) + ": the folder name in " + displayPath(bad) +
                       " is not valid UTF-8 (expected UTF-8 names for the folders above and inside the dataset, "
                       "which messages and result files carry; rename that folder)");
}

fs::path folderOf(const fs::path& yamlPath) {
    return yamlPath.parent_path().empty() ? fs::path(".") : yamlPath.parent_path();
}

YAML::Node loadYamlMap(const fs::path& yamlPath) {
    if (!fs::is_regular_file(yamlPath)) {
        throw DatasetError(where(yamlPath) + ": does not exist (expected a dataset YAML file)");
    }
    if (const auto problem = regularFileProblem(yamlPath, kMaxYamlFileBytes, "a dataset YAML file")) {
        throw DatasetError(where(yamlPath) + ": " + *problem);
    }
    requireUtf8Folders(folderOf(yamlPath), yamlPath, 0);
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
    requireBoundedAliases(config, yamlPath);
    return config;
}

YAML::Node requiredKey(const YAML::Node& config, const fs::path& yamlPath, const char* key, const std::string& expected) {
    const YAML::Node node = yamlField(config, key);
    if (!yamlHasValue(node)) {
        throw DatasetError(where(yamlPath) + ": missing key '" + key + "' (" + expected + ")");
    }
    return node;
}

// path: absolute, or relative to the YAML's folder; empty or missing: the YAML's folder.
fs::path readRoot(const YAML::Node& config, const fs::path& yamlPath) {
    const fs::path yamlFolder = folderOf(yamlPath);
    const YAML::Node pathNode = yamlField(config, "path");
    if (!yamlHasValue(pathNode)) return yamlFolder;
    const std::string text = yamlScalar(pathNode, yamlPath, "path", "expected the dataset root folder");
    if (text.empty()) return yamlFolder;
    const fs::path root = fs::path(text).is_absolute() ? fs::path(text) : (yamlFolder / text).lexically_normal();
    if (!fs::is_directory(root)) {
        throw DatasetError(where(yamlPath, yamlLine(pathNode)) + ": path '" + text + "' does not exist (resolved to " +
                           displayPath(root) + "; expected the dataset root folder)");
    }
    requireUtf8Folders(root, yamlPath, yamlLine(pathNode));
    return root;
}

// masks_dir: a folder of PNG label maps, relative to the root; empty when the YAML has none.
fs::path readMasksDir(const YAML::Node& config, const fs::path& yamlPath, const fs::path& root, std::size_t classCount) {
    const YAML::Node masksNode = yamlField(config, "masks_dir");
    if (!yamlHasValue(masksNode)) return {};
    const char* expected = "expected a folder of PNG masks, one per image, relative to the dataset root";
    const std::string text = yamlScalar(masksNode, yamlPath, "masks_dir", expected);
    const fs::path masks = fs::path(text).is_absolute() ? fs::path(text) : (root / text).lexically_normal();
    if (text.empty() || !fs::is_directory(masks)) {
        throw DatasetError(where(yamlPath, yamlLine(masksNode)) + ": masks_dir '" + text + "' is not a folder (resolved to " +
                           displayPath(masks) + "; " + expected + ")");
    }
    if (classCount > static_cast<std::size_t>(kMaxSegmentationClasses)) {
        throw DatasetError(where(yamlPath, yamlLine(masksNode)) + ": masks_dir with " + std::to_string(classCount) +
                           " classes (expected at most " + std::to_string(kMaxSegmentationClasses) +
                           ": mask labels are 8-bit, 0 background and 255 ignore)");
    }
    return masks;
}

// train and val (required), test (optional), in that order.
void loadSplits(const YAML::Node& config, const fs::path& yamlPath, const fs::path& root, const LabelRules& rules,
                Dataset& dataset, LabelLineCounts& counts) {
    for (const char* key : {"train", "val", "test"}) {
        const std::string name = key;
        // Initialised, never assigned: assigning a YAML::Node writes through to the node it refers to.
        const YAML::Node node = name == "test" ? yamlField(config, key) : requiredKey(config, yamlPath, key, kSplitExpectation);
        if (!yamlHasValue(node)) continue;  // test is optional (a missing train or val threw above)
        const SplitImages listed = listSplitImages(node, root, yamlPath, name);
        if (listed.images.empty() && listed.defects.empty()) {
            throw DatasetError(where(yamlPath, yamlLine(node)) + ": split '" + name + "' has no images (expected at least one " +
                               imageExtensionsText() + " file)");
        }
        YoloSplitLoader loader(dataset, rules, root, counts);
        dataset.splits.push_back(loader.load(name, listed, where(yamlPath, yamlLine(node))));
    }
}

// The label format, decided once for the whole dataset. 9-field lines are 4-point polygons or
// DOTA oriented boxes: oriented boxes when the YAML says task: obb, or when (without a task)
// every label line of the dataset has 9 fields; polygons otherwise (task: segment forces that).
void settleLabelFormat(const LabelRules& rules, const LabelLineCounts& counts, Dataset& dataset) {
    if (rules.task == LabelRules::Task::Pose) {
        dataset.labelFormat = LabelFormat::Keypoints;
        dataset.keypointCount = rules.keypoints;
        dataset.keypointDims = rules.keypointDims;
    } else if (rules.task == LabelRules::Task::Obb ||
               (rules.task == LabelRules::Task::Auto && counts.quadLines > 0 && counts.boxLines == 0 && counts.polygonLines == 0)) {
        dataset.labelFormat = LabelFormat::OrientedBoxes;
    } else if (counts.quadLines + counts.polygonLines > 0) {
        dataset.labelFormat = LabelFormat::Polygons;
        for (auto& split : dataset.splits) {  // a box-only file in a polygon dataset: rectangles
            for (auto& record : split.images) {
                if (record.polygons.empty()) {
                    for (const auto& box : record.boxes) record.polygons.push_back(rectangleOf(box));
                }
            }
        }
    }
}

}  // namespace

Dataset loadYoloDataset(const fs::path& yamlPath) {
    const YAML::Node config = loadYamlMap(yamlPath);
    Dataset dataset;
    dataset.task = Task::Detect;
    dataset.source = yamlPath;
    const YAML::Node namesNode = requiredKey(config, yamlPath, "names", "expected a list of class names or a map from class id to name");
    dataset.names = readClassNames(namesNode, yamlPath);
    checkClassCount(yamlField(config, "nc"), yamlPath, dataset.names.size());
    const LabelRules rules = readLabelRules(config, yamlPath, static_cast<int>(dataset.names.size()));
    const fs::path root = readRoot(config, yamlPath);
    dataset.masksDir = readMasksDir(config, yamlPath, root, dataset.names.size());
    LabelLineCounts counts;
    loadSplits(config, yamlPath, root, rules, dataset, counts);
    settleLabelFormat(rules, counts, dataset);
    return dataset;
}

}  // namespace graphlens::data
