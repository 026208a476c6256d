// The built-in dataset: deterministic from the seed, exact labels, and opened through the same
// path as a user's dataset.
#include "TestFiles.h"
#include "data/BuiltinDataset.h"
#include "data/ImageCodec.h"
#include "data/BuiltinGenerator.h"
#include "data/LabelFile.h"
#include "data/OpenDataset.h"

#include <catch2/catch.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <fstream>
#include <sstream>

using namespace graphlens;

namespace {

std::string bytesOf(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("generated images are a function of seed and index", "[data][builtin]") {
    const auto a = data::generateDetectionImage(7, 3);
    const auto b = data::generateDetectionImage(7, 3);
    const auto other = data::generateDetectionImage(8, 3);
    REQUIRE(a.bgr.size() == b.bgr.size());
    CHECK(cv::norm(a.bgr, b.bgr, cv::NORM_INF) == 0);
    REQUIRE(a.boxes.size() == b.boxes.size());
    for (std::size_t i = 0; i < a.boxes.size(); ++i) {
        CHECK(a.boxes[i].cls == b.boxes[i].cls);
        CHECK(a.boxes[i].cx == b.boxes[i].cx);
    }
    CHECK((a.bgr.size() != other.bgr.size() || cv::norm(a.bgr, other.bgr, cv::NORM_INF) > 0));
    CHECK(data::generateDetectionImage(7, 9).boxes.empty());  // every 10th image is a background
}

TEST_CASE("generated boxes are valid, inside the image, and cover the drawn shape", "[data][builtin]") {
    for (int index = 0; index < 30; ++index) {
        const auto generated = data::generateDetectionImage(1, index);
        CAPTURE(index);
        if (index % 10 != 9) {
            CHECK(!generated.boxes.empty());
            CHECK(generated.boxes.size() <= 4);
        }
        for (const auto& box : generated.boxes) {
            CHECK(box.cls >= 0);
            CHECK(box.cls < 5);
            CHECK(box.cx - box.w / 2 >= 0.0f);
            CHECK(box.cx + box.w / 2 <= 1.0f);
            CHECK(box.cy - box.h / 2 >= 0.0f);
            CHECK(box.cy + box.h / 2 <= 1.0f);
            CHECK(box.w * generated.bgr.cols >= 8);  // shapes are at least 1/16 of the short side in radius
        }
    }
    // Classification images: one per (seed, class, index), each class drawn differently.
    const cv::Mat circle = data::generateClassificationImage(3, 0, 0);
    CHECK(cv::norm(circle, data::generateClassificationImage(3, 0, 0), cv::NORM_INF) == 0);
    const cv::Mat star = data::generateClassificationImage(3, 4, 0);
    CHECK((circle.size() != star.size() || cv::norm(circle, star, cv::NORM_INF) > 0));
}

TEST_CASE("the built-in dataset is written once and loads like a user's dataset", "[data][builtin]") {
    testing::TempDir dir;
    data::BuiltinOptions options;
    options.cacheRoot = dir.path();
    options.seed = 5;
    options.trainImages = 12;
    options.valImages = 4;
    options.classifyPerClass = 4;
    const auto paths = data::ensureBuiltinDataset(options);
    CHECK(paths.yaml.filename() == "data.yaml");

    const auto detect = data::openDataset("", data::Task::Detect, options);
    CHECK(detect.task == data::Task::Detect);
    CHECK(detect.names == data::builtinClassNames());
    CHECK(detect.warnings.empty());
    REQUIRE(detect.split("train").images.size() == 12);
    CHECK(detect.split("val").images.size() == 4);
    // Labels on disk are the generator's boxes (to the 6 decimals written).
    for (int index : {0, 1}) {
        const auto generated = data::generateDetectionImage(options.seed, index);
        const auto& onDisk = detect.split("train").images[index].boxes;
        REQUIRE(onDisk.size() == generated.boxes.size());
        for (std::size_t i = 0; i < onDisk.size(); ++i) {
            CHECK(onDisk[i].cls == generated.boxes[i].cls);
            CHECK(onDisk[i].cx == Approx(generated.boxes[i].cx).margin(1e-6));
            CHECK(onDisk[i].h == Approx(generated.boxes[i].h).margin(1e-6));
        }
    }
    int withBoxes = 0;
    for (const auto& record : detect.split("train").images) withBoxes += record.boxes.empty() ? 0 : 1;
    CHECK(withBoxes == 11);  // image 9 is a background: no label file, not an error
    // Segmentation masks (masks_dir): every image has one, and on disk it is the generator's labels.
    CHECK(detect.hasMasks());
    for (const auto& record : detect.split("train").images) CHECK(std::filesystem::is_regular_file(record.mask));
    const auto& first = detect.split("train").images[0];
    const auto labels = data::decodePngIndices(data::readFileBytes(first.mask.string()));
    CHECK(cv::countNonZero(labels != data::generateDetectionImage(options.seed, 0).labels) == 0);

    const auto classify = data::openDataset("", data::Task::Classify, options);
    CHECK(classify.task == data::Task::Classify);
    CHECK(classify.names == std::vector<std::string>{"circle", "cross", "rectangle", "star", "triangle"});
    CHECK(classify.split("train").images.size() == 20);
    CHECK(classify.split("val").images.size() == 10);

    // Reused, not regenerated; a second cache with the same seed holds identical files.
    const auto firstWrite = std::filesystem::last_write_time(paths.yaml);
    CHECK(data::ensureBuiltinDataset(options).yaml == paths.yaml);
    CHECK(std::filesystem::last_write_time(paths.yaml) == firstWrite);
    testing::TempDir other;
    options.cacheRoot = other.path();
    const auto again = data::ensureBuiltinDataset(options);
    for (const char* file : {"images/train/000002.png", "images/val/000000.jpg", "labels/train/000001.txt", "data.yaml"}) {
        CAPTURE(file);
        CHECK(bytesOf(paths.yaml.parent_path() / file) == bytesOf(again.yaml.parent_path() / file));
    }
    options.seed = 6;
    const auto different = data::ensureBuiltinDataset(options);
    CHECK(bytesOf(different.yaml.parent_path() / "images/train/000002.png") != bytesOf(paths.yaml.parent_path() / "images/train/000002.png"));
}
