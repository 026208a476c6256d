#include "data/OpenDataset.h"

#include "data/DatasetError.h"
#include "data/ImageFolderDataset.h"
#include "data/PathText.h"
#include "data/YoloDataset.h"

#include <cctype>

namespace graphlens::data {

Dataset openDataset(const std::string& data, Task builtinTask, const BuiltinOptions& builtin) {
    namespace fs = std::filesystem;
    if (data.empty()) {
        const auto paths = ensureBuiltinDataset(builtin);
        return builtinTask == Task::Detect ? loadYoloDataset(paths.yaml) : loadImageFolder(paths.imageFolder);
    }
    const fs::path path(data);
    if (fs::is_directory(path)) return loadImageFolder(path);
    std::string extension = path.extension().string();
    for (auto& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (extension == ".yaml" || extension == ".yml") return loadYoloDataset(path);  // .YAML too
    if (!fs::exists(path)) {
        throw DatasetError(where(path) + ": does not exist (expected a dataset YAML file or an ImageFolder root folder)");
    }
    throw DatasetError(where(path) + ": not a dataset (expected a .yaml/.yml dataset file or an ImageFolder root folder)");
}

}  // namespace graphlens::data
