#include "data/YoloLabelRules.h"

#include "data/DatasetError.h"
#include "data/PathText.h"
#include "data/YamlFields.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

std::string lowercaseTaskName(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// task: sets rules.task (detect leaves Auto) and returns the task's name as written, lowercased.
std::string readTask(const YAML::Node& taskNode, const fs::path& yaml, LabelRules& rules) {
    if (!yamlHasValue(taskNode)) return "detect";
    const std::string task = lowercaseTaskName(yamlScalar(taskNode, yaml, "task", "expected detect, segment, obb or pose"));
    if (task == "segment") rules.task = LabelRules::Task::Segment;
    else if (task == "obb") rules.task = LabelRules::Task::Obb;
    else if (task == "pose") rules.task = LabelRules::Task::Pose;
    else if (task != "detect") {
        throw DatasetError(where(yaml, yamlLine(taskNode)) + ": task '" + taskNode.Scalar() +
                           "' is not a label format (expected detect, segment, obb or pose)");
    }
    return task;
}

}  // namespace

LabelRules readLabelRules(const YAML::Node& config, const fs::path& yaml, int classCount) {
    LabelRules rules;
    rules.classCount = classCount;
    const YAML::Node taskNode = yamlField(config, "task");
    const std::string task = readTask(taskNode, yaml, rules);
    const YAML::Node shape = yamlField(config, "kpt_shape");
    if (!yamlHasValue(shape)) {
        if (rules.task == LabelRules::Task::Pose) {
            throw DatasetError(where(yaml, yamlLine(taskNode)) + ": task pose without kpt_shape (expected kpt_shape: [K, 2] or [K, 3])");
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
        throw DatasetError(where(yaml, yamlLine(shape)) + ": kpt_shape is not a keypoint shape (" + expected + ")");
    }
    if (rules.task == LabelRules::Task::Segment || rules.task == LabelRules::Task::Obb) {
        throw DatasetError(where(yaml, yamlLine(shape)) + ": kpt_shape is for pose labels but task is " + task +
                           " (expected one of them)");
    }
    rules.task = LabelRules::Task::Pose;
    rules.keypoints = *count;
    rules.keypointDims = *dims;
    return rules;
}

}  // namespace graphlens::data
