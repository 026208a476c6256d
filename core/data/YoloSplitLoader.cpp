#include "data/YoloSplitLoader.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/PathText.h"
#include "data/SegmentationMask.h"

#include <utility>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

// "5 fields" or "5 fields and 4 fields", for the every-image-skipped message.
std::string joinSeenFormats(const std::set<std::string>& seen) {
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

YoloSplitLoader::YoloSplitLoader(Dataset& dataset, const LabelRules& rules, const fs::path& root, LabelLineCounts& counts)
    : dataset_(dataset), rules_(rules), root_(root), counts_(counts) {}

Split YoloSplitLoader::load(const std::string& name, const SplitImages& listed, const std::string& at) {
    Split split{name, {}};
    for (const auto& defect : listed.defects) skip(defect);
    for (std::size_t i = 0; i < listed.images.size(); ++i) {
        // An image the split lists n times is checked and read once and kept n times (Ultralytics
        // trains on every copy); a broken one is skipped with one warning.
        const std::size_t copies = listed.copies[i];
        if (auto defect = checkImageFile(listed.images[i])) {
            skip(*defect);
            continue;
        }
        ImageRecord record;
        record.image = listed.images[i];
        if (!attachMask(record) || !attachLabels(record, split, copies)) continue;
        split.images.insert(split.images.end(), copies - 1, record);
        split.images.push_back(std::move(record));
    }
    if (split.images.empty()) throwNoUsableImage(name, at);
    return split;
}

void YoloSplitLoader::skip(const std::string& defect) {
    if (firstDefect_.empty()) firstDefect_ = defect;
    dataset_.warnings.push_back(defect + "; image skipped");
    ++dataset_.skippedImages;
    ++skipped_;
}

bool YoloSplitLoader::attachMask(ImageRecord& record) {
    if (dataset_.masksDir.empty()) return true;
    // Only the folders below the root name the mask (a root inside some "images" folder must not).
    const fs::path below = record.image.lexically_relative(root_);
    const bool inside = !below.empty() && *below.begin() != "..";
    record.mask = maskPathFor(inside ? below : record.image.filename(), dataset_.masksDir);
    if (fs::is_regular_file(record.mask)) return true;
    skip(where(record.image) + ": no mask file " + displayPath(record.mask) + " (expected one PNG per image under masks_dir)");
    return false;
}

bool YoloSplitLoader::attachLabels(ImageRecord& record, Split& split, std::size_t copies) {
    const fs::path label = labelPathFor(record.image);
    if (!fs::exists(label)) return true;  // no label file: a background image
    try {
        Labels labels = readLabels(label, rules_);
        counts_.boxLines += labels.boxLines;
        counts_.quadLines += labels.quadLines;
        counts_.polygonLines += labels.polygonLines;
        split.objects += static_cast<int>(labels.boxes.size() * copies);
        record.boxes = std::move(labels.boxes);
        record.polygons = std::move(labels.polygons);
        record.keypoints = std::move(labels.keypoints);
    } catch (const LabelFormatDefect& defect) {
        if (firstFormatDefect_.empty()) firstFormatDefect_ = defect.what();
        formatsSeen_.insert(defect.seen);
        ++formatSkipped_;
        skip(defect.what());
        return false;
    } catch (const SampleDefect& defect) {
        skip(defect.what());
        return false;
    }
    split.labelFiles += static_cast<int>(copies);
    return true;
}

void YoloSplitLoader::throwNoUsableImage(const std::string& name, const std::string& at) const {
    if (formatSkipped_ > 0 && formatSkipped_ == skipped_) {
        throw DatasetError(at + ": every image of split '" + name + "' was skipped for its label format: the label lines have " +
                           joinSeenFormats(formatsSeen_) + ", expected " + expectedLabelFields(rules_) + "; first: " +
                           firstFormatDefect_);
    }
    std::string formatNote;
    if (formatSkipped_ > 0) {
        formatNote = "; " + std::to_string(formatSkipped_) + " for their label format: the label lines have " +
                     joinSeenFormats(formatsSeen_) + ", expected " + expectedLabelFields(rules_);
    }
    throw DatasetError(at + ": every image of split '" + name + "' is broken (" + std::to_string(skipped_) +
                       " skipped; expected at least one usable image" + formatNote + "); first: " + firstDefect_);
}

}  // namespace graphlens::data
