#include "data/Dataset.h"

#include "data/DatasetError.h"
#include "data/PathText.h"
#include "data/SegmentationMask.h"

namespace graphlens::data {

const Split* Dataset::findSplit(std::string_view name) const {
    for (const auto& candidate : splits) {
        if (candidate.name == name) return &candidate;
    }
    return nullptr;
}

const Split& Dataset::split(std::string_view name) const {
    if (const auto* found = findSplit(name)) return *found;
    std::string known;
    for (const auto& candidate : splits) known += (known.empty() ? "" : ", ") + candidate.name;
    throw DatasetError(displayPath(source) + ": no split '" + std::string(name) + "' (it has: " + known + ")");
}

bool Dataset::hasMasks() const {
    if (task != Task::Detect) return false;
    return !masksDir.empty() ||
           (labelFormat == LabelFormat::Polygons && names.size() <= static_cast<std::size_t>(kMaxSegmentationClasses));
}

const char* labelFormatName(LabelFormat format) {
    switch (format) {
        case LabelFormat::Polygons: return "polygons";
        case LabelFormat::OrientedBoxes: return "oriented boxes";
        case LabelFormat::Keypoints: return "keypoints";
        default: return "boxes";
    }
}

std::string Dataset::summary() const {
    const bool detect = task == Task::Detect;
    std::string text = displayPath(source.filename()) + ": " + (detect ? "detect" : "classify") + ", " +
                       std::to_string(names.size()) + " classes";
    if (detect && labelFormat == LabelFormat::Keypoints) {
        text += ", " + std::to_string(keypointCount) + " keypoints per object";
    }
    const std::string objectWord = !detect                                    ? ""
                                   : labelFormat == LabelFormat::Polygons      ? " polygons"
                                   : labelFormat == LabelFormat::OrientedBoxes ? " oriented boxes"
                                                                               : " boxes";
    for (const auto& entry : splits) {
        text += ", " + entry.name + " " + std::to_string(entry.images.size()) + " images";
        if (detect) {
            text += " (" + std::to_string(entry.labelFiles) + " labelled, " + std::to_string(entry.objects) + objectWord + ")";
        }
    }
    text += " (" + std::to_string(skippedImages) + " skipped)";
    if (detect && labelFormat == LabelFormat::OrientedBoxes) {
        text += "; oriented boxes (DOTA corners): detection uses their axis-aligned bounding boxes";
    } else if (detect && labelFormat == LabelFormat::Polygons) {
        text += "; detection uses the polygons' bounding boxes";
    }
    if (detect && !masksDir.empty()) text += "; masks in " + displayPath(masksDir.filename());
    return text;
}

}  // namespace graphlens::data
