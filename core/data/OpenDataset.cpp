#include "data/OpenDataset.h"

#include "data/DatasetError.h"
#include "data/ImageFolderDataset.h"
#include "data/PathText.h"
#include "data/YoloDataset.h"

namespace graphlens::data {

Dataset openDataset(const std::string& data, Task builtinTask, const BuiltinOptions& builtin) {
    namespace fs = std::filesystem;
    if (data.empty()) {
        const auto paths = ensureBuiltinDataset(builtin);
        return builtinTask == Task::Detect ? loadYoloDataset(paths.yaml) : loadImageFolder(paths.imageFolder);
    }
    const fs::path path(data);
    if (fs::is_directory(path)) return loadImageFolder(path);
    const auto extension = path.extension().string();
    if (extension == ".yaml" || extension == ".yml") return loadYoloDataset(path);
    if (!fs::exists(path)) {
        throw DatasetError(where(path) + ": does not exist (expected a dataset YAML file or an ImageFolder root folder)");
    }
    throw DatasetError(where(path) + ": not a dataset (expected a .yaml/.yml dataset file or an ImageFolder root folder)");
}

}  // namespace graphlens::data
