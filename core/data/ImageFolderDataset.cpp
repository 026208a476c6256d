#include "data/ImageFolderDataset.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/PathText.h"

#include <algorithm>
#include <map>

namespace graphlens::data {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLayout = "root/<split>/<class>/<image> with split train, val or test";

// An entry that cannot be looked at (a link that loops) is not a class folder; the walk goes on.
std::vector<fs::path> subfolders(const fs::path& folder) {
    std::vector<fs::path> result;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code statusError;
        if (it->is_directory(statusError) && !statusError) result.push_back(it->path());
    }
    std::sort(result.begin(), result.end());
    return result;
}

}  // namespace

Dataset loadImageFolder(const fs::path& root) {
    if (!fs::is_directory(root)) {
        throw DatasetError(where(root) + ": does not exist (expected a dataset YAML file or an ImageFolder root, " + kLayout + ")");
    }
    if (const auto bad = firstNonUtf8Component(root); !bad.empty()) {
        throw DatasetError(where(root) + ": the folder name in " + displayPath(bad) +
                           " is not valid UTF-8 (expected UTF-8 names for the folders above and inside the dataset, "
                           "which messages and result files carry; rename that folder)");
    }
    Dataset dataset;
    dataset.task = Task::Classify;
    dataset.source = root;

    std::vector<std::pair<std::string, fs::path>> splitFolders;
    for (const char* name : {"train", "val", "test"}) {
        if (fs::is_directory(root / name)) splitFolders.emplace_back(name, root / name);
    }
    if (splitFolders.empty()) {
        throw DatasetError(where(root) + ": no train, val or test folder (expected " + kLayout + ")");
    }

    // Class folders per split, validated before any image is looked at.
    std::map<std::string, std::vector<fs::path>> classFolders;
    std::vector<std::string> names;
    for (const auto& [name, folder] : splitFolders) {
        auto classes = subfolders(folder);
        if (classes.empty()) {
            throw DatasetError(where(folder) + ": no class folders (expected " + name + "/<class>/<image>)");
        }
        for (const auto& classFolder : classes) {
            const std::string className = classFolder.filename().string();
            if (!isValidUtf8(className)) {
                throw DatasetError(where(classFolder) + ": class folder name is not valid UTF-8 (expected UTF-8 class names)");
            }
            names.push_back(className);
        }
        classFolders[name] = std::move(classes);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    dataset.names = names;

    for (const auto& [name, folder] : splitFolders) {
        Split split{name, {}};
        std::size_t listedCount = 0;
        std::string firstDefect;
        auto skip = [&](const std::string& defect) {
            if (firstDefect.empty()) firstDefect = defect;
            dataset.warnings.push_back(defect + "; image skipped");
            ++dataset.skippedImages;
        };
        for (const auto& classFolder : classFolders[name]) {
            const auto classIndex = static_cast<int>(
                std::lower_bound(names.begin(), names.end(), classFolder.filename().string()) - names.begin());
            auto listing = listImages(classFolder);
            if (listing.images.empty() && listing.defects.empty()) {
                throw DatasetError(where(classFolder) + ": class folder has no images (expected at least one " +
                                   imageExtensionsText() + " file)");
            }
            listedCount += listing.images.size() + listing.defects.size();
            for (const auto& defect : listing.defects) skip(defect);
            for (const auto& image : listing.images) {
                if (auto defect = checkImageFile(image)) {
                    skip(*defect);
                    continue;
                }
                split.images.push_back({image, {}, classIndex});
            }
        }
        if (split.images.empty()) {
            throw DatasetError(where(folder) + ": every image of split '" + name + "' is broken (" + std::to_string(listedCount) +
                               " skipped; expected at least one usable image); first: " + firstDefect);
        }
        dataset.splits.push_back(std::move(split));
    }
    return dataset;
}

}  // namespace graphlens::data
