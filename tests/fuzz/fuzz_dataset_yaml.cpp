// The dataset YAML reader (core/data/YoloDataset and its parts): loadYoloDataset on the input written
// as data.yaml at the top of a generated YOLO tree, so the splits, lists, labels and masks it names
// can exist. The tree sits three folders below the scratch folder, and inputs holding '/' or '\' are
// skipped, so no input can point the reader at the machine's own folders (an absolute path, or
// "..\/.." through a YAML escape).
#include "DatasetTree.h"

#include "data/YoloDataset.h"

#include <exception>
#include <string_view>

namespace {

namespace fs = std::filesystem;

fs::path makeTree() {
    using namespace graphlens::fuzz;
    const fs::path root = scratchFolder() / "a" / "b" / "c" / "ds";
    writeTinyImage(root / "images/train/one.png", true);
    writeTinyImage(root / "images/train/two.jpg", false);
    writeTinyImage(root / "images/val/three.jpg", false);
    writeTinyImage(root / "images/val/four.png", true);
    writeText(root / "labels/train/one.txt", "0 0.5 0.5 0.25 0.25\n1 0.1 0.1 0.2 0.1 0.3 0.3\n");
    writeText(root / "labels/train/two.txt", "1 0.1 0.1 0.9 0.1 0.9 0.9 0.1 0.9\n");
    writeText(root / "labels/val/three.txt", "0 0.5 0.5 0.2 0.2 0.4 0.4 2 0.6 0.6 1\n");
    writeText(root / "labels/val/four.txt", "");
    writeText(root / "train.txt", "./images/train/one.png\nimages/train/two.jpg\n");
    writeText(root / "val.txt", "images/val/three.jpg\n./images/val/four.png\n");
    writeTinyImage(root / "masks/one.png", true);
    writeTinyImage(root / "masks/three.png", true);
    return root;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const fs::path root = makeTree();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (text.find_first_of("/\\") != std::string_view::npos) return 0;
    const auto yaml = root / "data.yaml";
    graphlens::fuzz::writeBytes(yaml, data, size);
    try {
        (void)graphlens::data::loadYoloDataset(yaml);
    } catch (const std::exception&) {
    }
    return 0;
}
