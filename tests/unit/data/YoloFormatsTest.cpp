// Every common YOLO label format through a whole dataset (segment, oriented boxes, pose), the YAML
// layouts exporters write, and the bad input that must be handled or named: all fixtures generated.
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/ImageSampleSource.h"
#include "data/OpenDataset.h"
#include "data/PathText.h"
#include "data/YoloDataset.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace graphlens;
using data::DatasetError;
using data::loadYoloDataset;

namespace {

namespace fs = std::filesystem;

// root/images/{train,val}/a.jpg with the same label text for both splits.
void writeDataset(const fs::path& root, const std::string& label, const std::string& yamlExtra = "") {
    for (const char* split : {"train", "val"}) {
        testing::writeImage(root / "images" / split / "a.jpg", 64, 32);
        testing::writeText(root / "labels" / split / "a.txt", label);
    }
    testing::writeText(root / "data.yaml", "train: images/train\nval: images/val\nnames: [a, b]\n" + yamlExtra);
}


}  // namespace

TEST_CASE("segmentation polygons are kept and detection uses their bounding boxes", "[data][yolo][segment]") {
    testing::TempDir dir;
    writeDataset(dir.path(), "1 0.1 0.2 0.5 0.2 0.3 0.6\n0 0.5 0.5 0.2 0.2\n");
    const auto dataset = loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.labelFormat == data::LabelFormat::Polygons);
    const auto& record = dataset.split("train").images.at(0);
    REQUIRE(record.boxes.size() == 2);
    REQUIRE(record.polygons.size() == 2);
    CHECK(record.polygons[0].points.size() == 3);
    CHECK(record.boxes[0].w == Approx(0.4f));
    CHECK(dataset.summary() == "data.yaml: detect, 2 classes, train 1 images (1 labelled, 2 polygons), val 1 images (1 labelled, "
                               "2 polygons) (0 skipped); detection uses the polygons' bounding boxes");
}

TEST_CASE("9-field lines: oriented boxes when every line has 9 fields, polygons otherwise or with task: segment",
          "[data][yolo][obb]") {
    const std::string quad = "0 0.2 0.1 0.4 0.3 0.3 0.5 0.1 0.3\n";
    {
        testing::TempDir dir;
        writeDataset(dir.path(), quad + "1 0.5 0.5 0.6 0.5 0.6 0.6 0.5 0.6\n");
        const auto dataset = loadYoloDataset(dir / "data.yaml");
        CHECK(dataset.labelFormat == data::LabelFormat::OrientedBoxes);
        const auto& record = dataset.split("val").images.at(0);
        REQUIRE(record.boxes.size() == 2);
        CHECK(record.boxes[0].cx == Approx(0.25f));
        CHECK(record.boxes[0].h == Approx(0.4f));
        CHECK(record.polygons.at(0).points.size() == 4);  // the corners are carried
        CHECK(dataset.summary() == "data.yaml: detect, 2 classes, train 1 images (1 labelled, 2 oriented boxes), val 1 images "
                                   "(1 labelled, 2 oriented boxes) (0 skipped); oriented boxes (DOTA corners): detection uses "
                                   "their axis-aligned bounding boxes");
    }
    {  // one 3-point polygon anywhere in the dataset: the 9-field lines are 4-point polygons
        testing::TempDir dir;
        writeDataset(dir.path(), quad);
        testing::writeText(dir / "labels/val/a.txt", "0 0.1 0.1 0.2 0.1 0.2 0.2\n");
        CHECK(loadYoloDataset(dir / "data.yaml").labelFormat == data::LabelFormat::Polygons);
    }
    {  // a box line too: polygons (a segmentation dataset with some boxes)
        testing::TempDir dir;
        writeDataset(dir.path(), quad + "1 0.5 0.5 0.1 0.1\n");
        CHECK(loadYoloDataset(dir / "data.yaml").labelFormat == data::LabelFormat::Polygons);
    }
    {  // the YAML settles it
        testing::TempDir dir;
        writeDataset(dir.path(), quad, "task: segment\n");
        CHECK(loadYoloDataset(dir / "data.yaml").labelFormat == data::LabelFormat::Polygons);
        writeDataset(dir.path(), quad, "task: obb\n");
        CHECK(loadYoloDataset(dir / "data.yaml").labelFormat == data::LabelFormat::OrientedBoxes);
        writeDataset(dir.path(), quad, "task: keypoints\n");
        CHECK(testing::yoloDatasetError(dir / "data.yaml") ==
              (dir / "data.yaml").string() + ":4: task 'keypoints' is not a label format (expected detect, segment, obb or pose)");
    }
}

TEST_CASE("pose labels with kpt_shape keep boxes and carry keypoints through the sample source", "[data][yolo][pose]") {
    testing::TempDir dir;
    writeDataset(dir.path(), "1 0.5 0.5 0.4 0.4 0.5 0.0 2 1.0 1.0 1\n", "kpt_shape: [2, 3]\nflip_idx: [1, 0]\n");
    const auto dataset = loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.labelFormat == data::LabelFormat::Keypoints);
    CHECK(dataset.keypointCount == 2);
    CHECK(dataset.keypointDims == 3);
    const auto& record = dataset.split("train").images.at(0);
    REQUIRE(record.boxes.size() == 1);
    REQUIRE(record.keypoints.size() == 2);
    CHECK(record.keypoints[1].visibility == 1.0f);
    CHECK(dataset.summary() == "data.yaml: detect, 2 classes, 2 keypoints per object, train 1 images (1 labelled, 1 boxes), "
                               "val 1 images (1 labelled, 1 boxes) (0 skipped)");

    // 64 x 32 letterboxed into 64 x 64: y is squeezed into [0.25, 0.75], x unchanged.
    const auto source = data::ImageSampleSource::forSplit(dataset, "train");
    std::vector<std::uint8_t> chw(3 * 64 * 64);
    data::SampleTargets targets;
    source->load(0, 64, chw, targets);
    REQUIRE(targets.keypoints.size() == 2);
    CHECK(targets.keypointsPerObject == 2);
    CHECK(targets.keypoints[0].x == Approx(0.5f));
    CHECK(targets.keypoints[0].y == Approx(0.25f));
    CHECK(targets.keypoints[1].y == Approx(0.75f));
    CHECK(targets.keypoints[1].visibility == 1.0f);
    CHECK(targets.boxes.at(0).h == Approx(0.2f));
}

TEST_CASE("polygons are letterboxed with the image", "[data][yolo][segment]") {
    testing::TempDir dir;
    writeDataset(dir.path(), "0 0.0 0.0 1.0 0.0 1.0 1.0\n");
    const auto source = data::ImageSampleSource::forSplit(loadYoloDataset(dir / "data.yaml"), "val");
    std::vector<std::uint8_t> chw(3 * 64 * 64);
    data::SampleTargets targets;
    source->load(0, 64, chw, targets);
    REQUIRE(targets.polygons.size() == 1);
    REQUIRE(targets.polygons[0].points.size() == 3);
    CHECK(targets.polygons[0].points[0].y == Approx(0.25f));
    CHECK(targets.polygons[0].points[2].x == Approx(1.0f));
    CHECK(targets.polygons[0].points[2].y == Approx(0.75f));
}

TEST_CASE("a dataset whose every image is skipped for its label format says what it saw and expected", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeDataset(dir.path(), "0 0.5 0.5 0.4 0.4\n", "kpt_shape: [17, 3]\n");
    const auto yaml = dir / "data.yaml";
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":1: every image of split 'train' was skipped for its label format: the label lines "
                                           "have 5 fields, expected 56 fields: class cx cy w h and 17 keypoints x y visibility, "
                                           "from kpt_shape [17, 3]; first: " +
                               (dir / "labels/train/a.txt").string() +
                               ":1: 5 fields (expected 56 fields: class cx cy w h and 17 keypoints x y visibility, from "
                               "kpt_shape [17, 3])");
    // Pose labels without kpt_shape: an even field count, with the hint.
    writeDataset(dir.path(), "0 0.5 0.5 0.4 0.4 0.1 0.1\n0 0.5 0.5 0.4 0.4 0.1 0.1 0.2 0.2 0.3\n");
    testing::writeText(dir / "labels/train/a.txt", "0 0.5 0.5 0.4 0.4 0.5 0.5 2\n");
    CHECK(testing::yoloDatasetError(yaml).rfind(yaml.string() + ":1: every image of split 'train' was skipped for its label format: the label lines "
                                              "have 8 fields, expected 5 fields: class cx cy w h, or a class and 3 or more x y "
                                              "polygon points: 7, 9, 11, ... fields; first: ",
                              0) == 0);
}

TEST_CASE("a bad label line skips only that image, with file:line", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    writeDataset(dir.path(), "0 0.5 0.5 0.4 0.4\n");
    testing::writeImage(dir / "images/train/b.jpg");
    testing::writeText(dir / "labels/train/b.txt", "0 0.5 0.5 0.4 0.4\n1 0.5 0.5\n");
    const auto dataset = loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.split("train").images.size() == 1);
    CHECK(dataset.skippedImages == 1);
    REQUIRE(dataset.warnings.size() == 1);
    CHECK(dataset.warnings[0].rfind((dir / "labels/train/b.txt").string() + ":2: 3 fields fit no label format", 0) == 0);
}

TEST_CASE("path absent, relative or absolute, exporters' ../train/images layout, .txt lists against the root",
          "[data][yolo]") {
    testing::TempDir dir;
    const auto root = dir / "export";
    for (const char* split : {"train", "valid"}) {
        testing::writeImage(root / split / "images" / "a.jpg");
        testing::writeText(root / split / "labels" / "a.txt", "0 0.5 0.5 0.2 0.2\n");
    }
    // Roboflow-style: data.yaml in the root, splits written as ../<split>/images.
    testing::writeText(root / "data.yaml", "train: ../train/images\nval: ../valid/images\nnc: 1\nnames: ['thing']\n");
    auto dataset = loadYoloDataset(root / "data.yaml");
    CHECK(dataset.split("val").images.at(0).image == root / "valid/images/a.jpg");
    CHECK(dataset.split("val").images.at(0).boxes.size() == 1);  // images/ <-> labels/ siblings
    // Absolute path.
    testing::writeText(dir / "cfg/abs.yaml", "path: " + root.string() + "\ntrain: train/images\nval: valid/images\nnames: [thing]\n");
    dataset = loadYoloDataset(dir / "cfg/abs.yaml");
    CHECK(dataset.split("train").images.at(0).image == root / "train/images/a.jpg");
    // Relative path and a .txt list in a subfolder: plain lines against the root, "./" against the list's folder.
    testing::writeImage(root / "lists/extra.jpg");
    testing::writeText(root / "lists/train.txt", "train/images/a.jpg\n./extra.jpg\n");
    testing::writeText(dir / "cfg/rel.yaml", "path: ../export\ntrain: lists/train.txt\nval: [valid/images]\nnames: [thing]\n");
    dataset = loadYoloDataset(dir / "cfg/rel.yaml");
    REQUIRE(dataset.split("train").images.size() == 2);
    // Sorted by path, as Ultralytics sorts a split's images.
    CHECK(dataset.split("train").images[0].image == root / "lists/extra.jpg");
    CHECK(dataset.split("train").images[1].image == root / "train/images/a.jpg");
    CHECK(dataset.split("train").labelFiles == 1);
    CHECK(dataset.split("train").objects == 1);
}

TEST_CASE("upper-case extensions: .JPG/.PNG images, .TXT lists, .YAML files", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg");
    fs::rename(dir / "images/train/a.jpg", dir / "images/train/A.JPG");
    testing::writeImage(dir / "images/val/b.png");
    fs::rename(dir / "images/val/b.png", dir / "images/val/B.PNG");
    testing::writeText(dir / "labels/train/A.txt", "0 0.5 0.5 0.2 0.2\n");
    testing::writeText(dir / "val.TXT", "images/val/B.PNG\n");
    testing::writeText(dir / "DATA.YAML", "train: images/train\nval: val.TXT\nnames: [a]\n");
    const auto dataset = data::openDataset((dir / "DATA.YAML").string());
    CHECK(dataset.split("train").images.at(0).boxes.size() == 1);
    CHECK(dataset.split("val").images.at(0).image == dir / "images/val/B.PNG");
}

TEST_CASE("a non-UTF-8 folder above the dataset is refused naming that folder", "[data][yolo][bad-input]") {
    testing::TempDir dir;
    const auto root = dir / "caf\xE9" / "ds";
    writeDataset(root, "0 0.5 0.5 0.2 0.2\n");
    CHECK(testing::yoloDatasetError(root / "data.yaml") ==
          data::displayPath(root / "data.yaml") + ": the folder name in " + data::displayPath(dir / "caf\xE9") +
              " is not valid UTF-8 (expected UTF-8 names for the folders above and inside the dataset, which messages and "
              "result files carry; rename that folder)");
    CHECK(data::displayPath(dir / "caf\xE9").find("caf\\xE9") != std::string::npos);
    // Likewise for an ImageFolder root.
    testing::writeImage(root / "train/cat/a.jpg");
    try {
        data::openDataset(root.string());
        FAIL("no DatasetError");
    } catch (const DatasetError& error) {
        CHECK(std::string(error.what()).find("the folder name in " + data::displayPath(dir / "caf\xE9") + " is not valid UTF-8") !=
              std::string::npos);
    }
}

TEST_CASE("an image that fails to decode when a batch is built is replaced by the next good one, with one warning",
          "[data][loader][bad-input]") {
    testing::TempDir dir;
    testing::writeImage(dir / "a.jpg", 40, 40, 1);
    testing::writeText(dir / "b.png", std::string("\x89PNG\r\n\x1a\n", 8) + "garbage that is no PNG stream");
    testing::writeImage(dir / "c.jpg", 40, 40, 2);
    std::vector<data::ImageRecord> records(3);
    records[0].image = dir / "a.jpg";
    records[1].image = dir / "b.png";
    records[2].image = dir / "c.jpg";
    const data::ImageSampleSource source(records, data::ResizeMode::CenterCrop);
    std::vector<std::string> warnings;
    const data::WarningSink sink = [&](const std::string& line) { warnings.push_back(line); };
    std::vector<std::uint8_t> batch(4 * 3 * 32 * 32);
    auto used = source.fillBatch(4, 32, batch, sink);
    CHECK(used == std::vector<std::size_t>{0, 2, 2, 0});
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].rfind((dir / "b.png").string() + ": ", 0) == 0);
    CHECK(warnings[0].find("; replaced by the next image of the split") != std::string::npos);
    used = source.fillBatch(4, 32, batch, sink, nullptr, 1);
    CHECK(used == std::vector<std::size_t>{2, 2, 0, 2});
    CHECK(warnings.size() == 1);  // once per image
    CHECK(source.brokenImages() == 1);

    // Only when nothing decodes does the batch fail, naming the file.
    const data::ImageSampleSource broken({records[1]}, data::ResizeMode::Letterbox);
    try {
        broken.fillBatch(2, 32, std::span<std::uint8_t>(batch.data(), 2 * 3 * 32 * 32));
        FAIL("no DatasetError");
    } catch (const DatasetError& error) {
        CHECK(std::string(error.what()).rfind("cannot fill a batch of 2 images: every one of the split's 1 images failed to "
                                              "decode; first: " + (dir / "b.png").string() + ": ",
                                              0) == 0);
    }
}
