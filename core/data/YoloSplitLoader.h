#pragma once
// Turns the images a split lists into its ImageRecords: each image checked (no decode), paired with
// its mask (masks_dir) and its label file. A broken image is skipped with one warning in the dataset;
// a split with no usable image is an error that says why, and, when the label format was the cause
// of every skip, which format the lines had and which one was expected.
#include "data/Dataset.h"
#include "data/LabelFile.h"
#include "data/YoloSplitImages.h"

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>

namespace graphlens::data {

// Label lines over the whole dataset, for the dataset-level label format (YoloDataset.h).
struct LabelLineCounts {
    int boxLines = 0, quadLines = 0, polygonLines = 0;
};

// One per split: it keeps the split's skip tally.
class YoloSplitLoader {
public:
    // dataset receives the warnings and skip count (and gives masksDir); counts adds up label lines.
    YoloSplitLoader(Dataset& dataset, const LabelRules& rules, const std::filesystem::path& root, LabelLineCounts& counts);

    // at: "<yaml>:<line>" of the split's key, for the no-usable-image error (DatasetError).
    Split load(const std::string& name, const SplitImages& listed, const std::string& at);

private:
    void skip(const std::string& defect);
    // False (and skipped) when masks_dir has no mask for the image.
    bool attachMask(ImageRecord& record);
    // False (and skipped) when the label file is broken; no label file is a background image. The
    // split's label-file and object counts grow by `copies` (how often the split lists the image).
    bool attachLabels(ImageRecord& record, Split& split, std::size_t copies);
    [[noreturn]] void throwNoUsableImage(const std::string& name, const std::string& at) const;

    Dataset& dataset_;
    const LabelRules& rules_;
    const std::filesystem::path& root_;
    LabelLineCounts& counts_;
    std::string firstDefect_, firstFormatDefect_;
    std::size_t skipped_ = 0, formatSkipped_ = 0;  // this split's skips, and those for the label format
    std::set<std::string> formatsSeen_;            // "4 fields", ... of the format skips
};

}  // namespace graphlens::data
