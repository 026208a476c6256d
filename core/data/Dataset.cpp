#include "data/Dataset.h"

#include "data/DatasetError.h"
#include "data/PathText.h"

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

std::string Dataset::summary() const {
    std::string text = displayPath(source.filename()) + ": " + (task == Task::Detect ? "detect" : "classify") +
                       ", " + std::to_string(names.size()) + " classes";
    for (const auto& entry : splits) {
        text += ", " + entry.name + " " + std::to_string(entry.images.size()) + " images";
    }
    return text + " (" + std::to_string(skippedImages) + " skipped)";
}

}  // namespace graphlens::data
