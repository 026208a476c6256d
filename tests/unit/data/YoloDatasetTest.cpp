// YOLO dataset YAML: the forms users write (folder, .txt list, list; names list or map; path
// relative/empty) and every structural error with its exact message.
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/YoloDataset.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace graphlens;
using data::DatasetError;
using data::loadYoloDataset;

namespace {

// root/images/{train,val}/{a,b}.jpg with labels for a only (b is a background image).
void writeSplits(const std::filesystem::path& root) {
    for (const char* split : {"train", "val"}) {
        testing::writeImage(root / "images" / split / "a.jpg");
        testing::writeImage(root / "images" / split / "b.png");
        testing::writeText(root / "labels" / split / "a.txt", "1 0.5 0.5 0.25 0.25\n0 0.1 0.2 0.1 0.1\n");
    }
}


}  // namespace

TEST_CASE("a YAML with folder splits, a names map and nc loads images, labels and backgrounds", "[data][yolo]") {
    testing::TempDir dir;
    writeSplits(dir.path());
    testing::writeText(dir / "data.yaml", "path:  # empty: the YAML's folder\ntrain: images/train\nval: images/val\n"
                                          "test:\nnc: 2\nnames:\n  0: person\n  1: bicycle\n");
    const auto dataset = loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.task == data::Task::Detect);
    CHECK(dataset.names == std::vector<std::string>{"person", "bicycle"});
    REQUIRE(dataset.splits.size() == 2);
    CHECK(dataset.findSplit("test") == nullptr);
    const auto& train = dataset.split("train");
    REQUIRE(train.images.size() == 2);
    CHECK(train.images[0].image == dir / "images/train/a.jpg");
    REQUIRE(train.images[0].boxes.size() == 2);
    CHECK(train.images[0].boxes[0].cls == 1);
    CHECK(train.images[0].boxes[1].cy == 0.2f);
    CHECK(train.images[1].boxes.empty());  // no label file: background
    CHECK(dataset.warnings.empty());
    CHECK(dataset.skippedImages == 0);
    CHECK(dataset.labelFormat == data::LabelFormat::Boxes);
    CHECK(train.labelFiles == 1);
    CHECK(train.objects == 2);
    CHECK(dataset.summary() ==
          "data.yaml: detect, 2 classes, train 2 images (1 labelled, 2 boxes), val 2 images (1 labelled, 2 boxes) (0 skipped)");
}

TEST_CASE("splits as .txt lists or lists of folders, names as a list, path relative to the YAML", "[data][yolo]") {
    testing::TempDir dir;
    writeSplits(dir / "ds");
    testing::writeImage(dir / "ds/images/extra/c.jpg");
    testing::writeText(dir / "ds/train.txt", "./images/train/a.jpg\nimages/train/b.png\n\n");
    testing::writeText(dir / "cfg/data.yaml", "path: ../ds\ntrain: train.txt\nval: [images/val, images/extra]\n"
                                              "names: [cat, dog]\n");
    const auto dataset = loadYoloDataset(dir / "cfg/data.yaml");
    CHECK(dataset.names == std::vector<std::string>{"cat", "dog"});
    CHECK(dataset.split("train").images.size() == 2);
    CHECK(dataset.split("train").images[1].image == dir / "ds/images/train/b.png");
    const auto& val = dataset.split("val");
    REQUIRE(val.images.size() == 3);
    CHECK(val.images[0].image == dir / "ds/images/extra/c.jpg");  // sorted by path across folders, as in Ultralytics
    CHECK_THROWS_WITH(dataset.split("test"), (dir / "cfg/data.yaml").string() + ": no split 'test' (it has: train, val)");
}

TEST_CASE("missing keys are named with what was expected", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeSplits(dir.path());
    const auto yaml = dir / "data.yaml";
    testing::writeText(yaml, "train: images/train\nval: images/val\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ": missing key 'names' (expected a list of class names or a map from class id to name)");
    testing::writeText(yaml, "val: images/val\nnames: [a, b]\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() +
                               ": missing key 'train' (expected a folder of images, a .txt list of image paths, or a list of those)");
    testing::writeText(yaml, "train: images/train\nval:\nnames: [a, b]\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() +
                               ": missing key 'val' (expected a folder of images, a .txt list of image paths, or a list of those)");
    testing::writeText(yaml, "- just\n- a list\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ": not a YAML map (expected keys path, train, val, names)");
    testing::writeText(yaml, "train: [unclosed\n");
    CHECK(testing::yoloDatasetError(yaml).rfind(yaml.string() + ":2: not valid YAML: ", 0) == 0);
    CHECK(testing::yoloDatasetError(dir / "nope.yaml") == (dir / "nope.yaml").string() + ": does not exist (expected a dataset YAML file)");
}

TEST_CASE("a path or split that does not exist, and an empty split, are structural errors", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeSplits(dir.path());
    const auto yaml = dir / "data.yaml";
    testing::writeText(yaml, "names: [a, b]\npath: missing\ntrain: images/train\nval: images/val\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":2: path 'missing' does not exist (resolved to " + (dir / "missing").string() +
                               "; expected the dataset root folder)");
    testing::writeText(yaml, "names: [a, b]\ntrain: images/train\nval: images/valid\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":3: val 'images/valid' does not exist (resolved to " +
                               (dir / "images/valid").string() +
                               "; expected a folder of images, a .txt list of image paths, or a list of those)");
    std::filesystem::create_directories(dir / "images/empty");
    testing::writeText(dir / "images/empty/readme.md", "not an image");
    testing::writeText(yaml, "names: [a, b]\ntrain: images/train\nval: images/empty\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":3: split 'val' has no images (expected at least one "
                                           ".jpg/.jpeg/.png/.bmp/.tif/.tiff/.webp file)");
    testing::writeText(yaml, "names: [a, b]\ntrain: images/train\nval: images/empty/readme.md\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":3: val 'images/empty/readme.md' is neither a folder nor a .txt list "
                                           "(expected a folder of images, a .txt list of image paths, or a list of those)");
}

TEST_CASE("names must agree with nc, be unique and have no gaps", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeSplits(dir.path());
    const auto yaml = dir / "data.yaml";
    testing::writeText(yaml, "train: images/train\nval: images/val\nnc: 3\nnames: [a, b]\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":3: nc is 3 but names has 2 entries (expected them to agree)");
    testing::writeText(yaml, "train: images/train\nval: images/val\nnc: two\nnames: [a, b]\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":3: nc 'two' is not a positive integer (expected the number of classes)");
    testing::writeText(yaml, "train: images/train\nval: images/val\nnames:\n  - cat\n  - dog\n  - cat\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":6: duplicate class name 'cat' (classes 0 and 2; expected unique names)");
    testing::writeText(yaml, "train: images/train\nval: images/val\nnames:\n  0: cat\n  2: dog\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":4: names has no class id 1 (expected ids 0..1 without gaps)");
    testing::writeText(yaml, "train: images/train\nval: images/val\nnames:\n  zero: cat\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() +
                               ":4: names key 'zero' is not a class id (expected a list of class names or a map from class id to name)");
    testing::writeText(yaml, "train: images/train\nval: images/val\nnames: cat\n");
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() +
                               ":3: names is empty or a single value (expected a list of class names or a map from class id to name)");
}

TEST_CASE("broken images and label files are skipped with one warning each and counted", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeSplits(dir.path());
    const auto train = dir / "images/train";
    testing::writeText(train / "text.jpg", "this is not an image\n");
    testing::writeImage(train / "cut.jpg", 64, 64);
    std::filesystem::resize_file(train / "cut.jpg", std::filesystem::file_size(train / "cut.jpg") / 2);
    testing::writeImage(train / "badlabel.jpg");
    testing::writeText(dir / "labels/train/badlabel.txt", "0 0.5 0.5 0.5 0.5\n7 0.5 0.5 0.5 0.5\n");
    testing::writeImage(train / "bad\xff name.jpg");
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/val\nnames: [a, b]\n");

    const auto dataset = loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.split("train").images.size() == 2);  // a.jpg and b.png survive
    CHECK(dataset.skippedImages == 4);
    const std::vector<std::string> expected{
        train.string() + "/bad\\xFF name.jpg: file name is not valid UTF-8 (expected UTF-8 paths); image skipped",
        (dir / "labels/train/badlabel.txt").string() + ":2: class id 7 is out of range (expected 0..1 for nc = 2); image skipped",
        (train / "cut.jpg").string() + ": truncated JPEG (no end-of-image marker; expected a complete JPEG file); image skipped",
        (train / "text.jpg").string() + ": not an image GraphLens can decode (unrecognised file signature; expected "
                                        "JPEG or PNG image data); image skipped",
    };
    CHECK(dataset.warnings == expected);
}

TEST_CASE("a split where every image is broken is an error", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg");
    testing::writeText(dir / "images/val/a.jpg", "text");
    testing::writeText(dir / "images/val/b.jpg", "more text");
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/val\nnames: [a]\n");
    CHECK(testing::yoloDatasetError(dir / "data.yaml") ==
          (dir / "data.yaml").string() + ":2: every image of split 'val' is broken (2 skipped; expected at least one usable image); first: " +
              (dir / "images/val/a.jpg").string() +
              ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
}

TEST_CASE("a .txt list names missing and non-UTF-8 entries by line", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeSplits(dir.path());
    testing::writeText(dir / "train.txt", "images/train/a.jpg\nimages/train/gone.jpg\nimages/train/\xfe.jpg\n");
    testing::writeText(dir / "data.yaml", "train: train.txt\nval: images/val\nnames: [a, b]\n");
    const auto dataset = loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.split("train").images.size() == 1);
    const std::vector<std::string> expected{
        (dir / "train.txt").string() + ":2: 'images/train/gone.jpg' does not exist (resolved to " +
            (dir / "images/train/gone.jpg").string() + "; expected an image file); image skipped",
        (dir / "train.txt").string() + ":3: image path is not valid UTF-8 (expected UTF-8 paths); image skipped",
    };
    CHECK(dataset.warnings == expected);
}
