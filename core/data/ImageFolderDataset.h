#pragma once
// Classification datasets in the ImageFolder layout: root/<split>/<class>/<image>, split one of
// train, val, test. Class ids come from the sorted union of class folder names over all splits, so
// a class missing from val keeps the same id as in train.
#include "data/Dataset.h"

#include <filesystem>

namespace graphlens::data {

// Throws DatasetError on anything structural; skips broken images with one warning each.
Dataset loadImageFolder(const std::filesystem::path& root);

}  // namespace graphlens::data
