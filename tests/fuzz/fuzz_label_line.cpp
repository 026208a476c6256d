// The YOLO label-line parser (core/data/LabelFile): readLabels on a label file. The input's first byte
// picks the dataset's rules (task, kpt_shape), its second the class count; the rest is the file.
#include "FuzzScratch.h"

#include "data/LabelFile.h"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using graphlens::data::LabelRules;
    if (size < 2) return 0;
    LabelRules rules;
    rules.task = static_cast<LabelRules::Task>(data[0] & 3);
    rules.keypoints = (data[0] >> 2) & 7;
    rules.keypointDims = (data[0] & 0x20) != 0 ? 3 : 2;
    if (rules.task == LabelRules::Task::Pose && rules.keypoints == 0) rules.keypoints = 1;
    if (rules.task != LabelRules::Task::Pose) rules.keypoints = rules.keypointDims = 0;
    rules.classCount = 1 + data[1] % 100;
    const auto path = graphlens::fuzz::writeInput("labels.txt", data + 2, size - 2);
    try {
        (void)graphlens::data::readLabels(path, rules);
    } catch (const std::exception&) {
    }
    return 0;
}
