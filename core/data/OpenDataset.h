#pragma once
// One entry point for `--data`: a .yaml/.yml file is a YOLO detection dataset, a folder an
// ImageFolder classification dataset, nothing the built-in dataset.
#include "data/BuiltinDataset.h"
#include "data/Dataset.h"

#include <string>

namespace graphlens::data {

// data empty: the built-in dataset for builtinTask (generated into builtin.cacheRoot on first use).
// Throws DatasetError with a message naming the file; call it before any GPU work.
Dataset openDataset(const std::string& data, Task builtinTask = Task::Detect, const BuiltinOptions& builtin = {});

}  // namespace graphlens::data
