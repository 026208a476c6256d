// Segmentation masks in the data layer: polygons rasterised after augmentation and mask files moved
// with their image land on the very pixels of the object (checked against the picture itself, a white
// rectangle on black), label-map PNG decoding (grey, palette), the built-in dataset's masks, and the bad
// mask files that must be named.
#include "TestFiles.h"
#include "data/BuiltinGenerator.h"
#include "data/DatasetError.h"
#include "data/DetectAugmentation.h"
#include "data/ImageCodec.h"
#include "data/ImageSampleSource.h"
#include "data/ImageTransform.h"
#include "data/SegmentationMask.h"
#include "data/YoloDataset.h"

#include <opencv2/imgproc.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

using namespace graphlens;
using data::kIgnoreLabel;

namespace {

namespace fs = std::filesystem;

// The picture: 80 x 48, black, a white rectangle over x in [20, 60), y in [12, 36) (class 1 -> label 2).
constexpr int kWidth = 80, kHeight = 48;
const cv::Rect kObject(20, 12, 40, 24);

cv::Mat picture() {
    cv::Mat image(kHeight, kWidth, CV_8UC3, cv::Scalar::all(0));
    image(kObject).setTo(cv::Scalar::all(255));
    return image;
}

void writePng(const fs::path& path, const cv::Mat& image, const std::vector<cv::Vec3b>& palette = {}) {
    fs::create_directories(path.parent_path());
    data::writeFileBytes(path.string(), data::encodePng(image, palette));
}

cv::Mat labelMap(std::uint8_t object, std::uint8_t background = 0) {
    cv::Mat labels(kHeight, kWidth, CV_8UC1, cv::Scalar(background));
    labels(kObject).setTo(object);
    return labels;
}

// A one-image train/val dataset; masks: "polygons" (label file) or "files" (masks_dir).
fs::path writeDataset(const fs::path& root, const std::string& masks) {
    for (const char* split : {"train", "val"}) {
        writePng(root / "images" / split / "a.png", picture());
        if (masks == "polygons") {
            // The rectangle's corners, normalised, clockwise.
            testing::writeText(root / "labels" / split / "a.txt", "1 0.25 0.25 0.75 0.25 0.75 0.75 0.25 0.75\n");
        } else {
            writePng(root / "masks" / split / "a.png", labelMap(2));
        }
    }
    testing::writeText(root / "data.yaml", std::string("train: images/train\nval: images/val\nnames: [a, b]\n") +
                                               (masks == "files" ? "masks_dir: masks\n" : "task: segment\n"));
    return root / "data.yaml";
}

struct Loaded {
    std::vector<std::uint8_t> chw;
    data::SampleTargets targets;
};

Loaded load(const data::Dataset& dataset, int size, const data::SampleAugmentation& augmentation) {
    const auto source = data::ImageSampleSource::forSplit(dataset, "train", nullptr, /*withMasks=*/true);
    Loaded loaded{std::vector<std::uint8_t>(3 * static_cast<std::size_t>(size) * size), {}};
    source->load(0, size, loaded.chw, loaded.targets, augmentation);
    return loaded;
}

// Every mask pixel whose 5 x 5 neighbourhood has one label (away from the edges, where resampling
// blends) must show what that label means in the picture: white for the object, black for the
// background, the letterbox grey for ignore. Returns the labels seen there.
std::set<int> checkMaskFollowsPixels(const Loaded& loaded, int size) {
    REQUIRE(loaded.targets.mask.size() == static_cast<std::size_t>(size) * size);
    const auto label = [&](int x, int y) { return loaded.targets.mask[static_cast<std::size_t>(y) * size + x]; };
    std::set<int> seen;
    int wrong = 0;
    for (int y = 2; y < size - 2; ++y) {
        for (int x = 2; x < size - 2; ++x) {
            bool uniform = true;
            for (int dy = -2; dy <= 2 && uniform; ++dy) {
                for (int dx = -2; dx <= 2 && uniform; ++dx) uniform = label(x + dx, y + dy) == label(x, y);
            }
            if (!uniform) continue;
            const int red = loaded.chw[static_cast<std::size_t>(y) * size + x];
            const int value = label(x, y);
            seen.insert(value);
            const bool ok = value == 2 ? red > 200 : value == 0 ? red < 50 : value == kIgnoreLabel && std::abs(red - 114) < 8;
            if (!ok) {
                ++wrong;
                UNSCOPED_INFO("pixel (" << x << ", " << y << "): label " << value << ", red " << red);
            }
        }
    }
    CHECK(wrong == 0);
    return seen;
}

}  // namespace

TEST_CASE("masks from polygons and from mask files land on the object's pixels, plain and augmented", "[data][segment]") {
    for (const std::string masks : {"polygons", "files"}) {
        testing::TempDir dir;
        const auto dataset = data::loadYoloDataset(writeDataset(dir.path(), masks));
        CHECK(dataset.hasMasks());
        INFO("masks from " << masks);
        const int size = 64;
        // Plain: the 80 x 48 picture letterboxed to 64 x 38 (rounded), 13 rows of padding above.
        const auto plain = load(dataset, size, {});
        CHECK(checkMaskFollowsPixels(plain, size) == std::set<int>{0, 2, kIgnoreLabel});
        CHECK(plain.targets.mask.front() == kIgnoreLabel);
        CHECK(plain.targets.mask[static_cast<std::size_t>(size / 2) * size + size / 2] == 2);
        // Augmented: seeds that flip and scale both ways, drawn from the augmentation's own parameters.
        int flips = 0, zoomIn = 0, zoomOut = 0;
        for (std::uint64_t seed = 1; seed < 200 && (flips < 2 || zoomIn < 2 || zoomOut < 2); ++seed) {
            const auto params = data::detectAugmentParams(seed);
            flips += params.flip;
            zoomIn += params.scale > 1.2;
            zoomOut += params.scale < 0.8;
            if (!(params.scale > 1.2 || params.scale < 0.8 || params.flip)) continue;
            INFO("seed " << seed << ": flip " << params.flip << ", scale " << params.scale);
            const auto augmented = load(dataset, size, data::SampleAugmentation{true, seed});
            CHECK(checkMaskFollowsPixels(augmented, size).count(2) == 1);
        }
        CHECK(flips >= 2);
        CHECK(zoomIn >= 2);
        CHECK(zoomOut >= 2);
    }
}

TEST_CASE("a zoomed-out sample ignores the padding grey scale jitter adds", "[data][segment]") {
    testing::TempDir dir;
    const auto dataset = data::loadYoloDataset(writeDataset(dir.path(), "polygons"));
    std::uint64_t seed = 1;
    while (data::detectAugmentParams(seed).scale > 0.6) ++seed;
    const auto augmented = load(dataset, 64, data::SampleAugmentation{true, seed});
    // The picture shrinks about the centre: the left and right columns are padding now.
    for (int y = 0; y < 64; ++y) {
        CHECK(augmented.targets.mask[static_cast<std::size_t>(y) * 64] == kIgnoreLabel);
        CHECK(augmented.targets.mask[static_cast<std::size_t>(y) * 64 + 63] == kIgnoreLabel);
    }
}

TEST_CASE("rasterised polygons: a pixel is labelled when the polygon reaches into it, padding is ignored by pixel centre, "
          "smaller objects stay on top",
          "[data][segment]") {
    data::SampleTargets targets;
    // A large square of class 0 listed after a small one of class 3 inside it: the small one stays visible.
    targets.polygons = {{3, {{0.5f, 0.5f}, {0.75f, 0.5f}, {0.75f, 0.75f}, {0.5f, 0.75f}}},
                        {0, {{0.125f, 0.125f}, {0.875f, 0.125f}, {0.875f, 0.875f}, {0.125f, 0.875f}}}};
    targets.imageArea = {0.0f, 0.0625f, 1.0f, 0.9375f};  // one row of padding above and below at 16 px
    const int size = 16;
    const auto mask = data::rasterisePolygons(targets, size);
    // cv::fillPoly's rule for a rectangle: pixel i's cell [i, i + 1) meets [from, to] (in pixels).
    const auto reaches = [size](int i, double from, double to) { return i + 1 > from * size && i <= to * size; };
    // The picture's area: pixel i's centre lies in [from, to).
    const auto centreIn = [size](int i, double from, double to) { return (i + 0.5) / size >= from && (i + 0.5) / size < to; };
    for (int y = 0; y < size; ++y) {
        for (int x = 0; x < size; ++x) {
            int expected = 0;
            if (!centreIn(y, 0.0625, 0.9375)) expected = kIgnoreLabel;
            else if (reaches(x, 0.5, 0.75) && reaches(y, 0.5, 0.75)) expected = 4;
            else if (reaches(x, 0.125, 0.875) && reaches(y, 0.125, 0.875)) expected = 1;
            INFO("pixel (" << x << ", " << y << ")");
            CHECK(mask[static_cast<std::size_t>(y) * size + x] == expected);
        }
    }
}

TEST_CASE("label-map PNGs decode to their stored values: grey, palette indices, low bit depths", "[data][segment]") {
    const auto grey = labelMap(7, 3);
    CHECK(cv::countNonZero(data::decodePngIndices(data::encodePng(grey)) != grey) == 0);
    // VOC-style: palette indices, whose colours say nothing about the labels.
    const std::vector<cv::Vec3b> palette{{0, 0, 0}, {128, 0, 0}, {0, 128, 0}, {128, 128, 0}, {0, 0, 128}, {9, 9, 9}, {1, 2, 3}, {200, 0, 0}};
    CHECK(cv::countNonZero(data::decodePngIndices(data::encodePng(grey, palette)) != grey) == 0);
    CHECK_THROWS_WITH(data::decodePngIndices(data::encodePng(picture())),
                      Catch::Contains("a colour image, not a label map"));
    CHECK_THROWS_WITH(data::decodePngIndices(data::encodeJpeg(picture())), Catch::Contains("expected a PNG label map"));
}

TEST_CASE("bad mask files are named: undecodable, another size, a label out of range, missing", "[data][segment]") {
    const auto message = [](const std::function<void(const fs::path&)>& spoil) {
        testing::TempDir dir;
        const auto yaml = writeDataset(dir.path(), "files");
        spoil(dir.path());
        try {
            (void)load(data::loadYoloDataset(yaml), 32, {});
        } catch (const data::SampleDefect& defect) {
            return std::string(defect.what());
        }
        FAIL("the spoiled mask loaded");
        return std::string();
    };
    CHECK_THAT(message([](const fs::path& root) { testing::writeText(root / "masks/train/a.png", "not a png"); }),
               Catch::Contains("masks/train/a.png: mask cannot be decoded"));
    CHECK_THAT(message([](const fs::path& root) { writePng(root / "masks/train/a.png", cv::Mat(48, 79, CV_8UC1, cv::Scalar(0))); }),
               Catch::Contains("masks/train/a.png: mask is 79x48 but its image is 80x48 (expected the same size)"));
    CHECK_THAT(message([](const fs::path& root) { writePng(root / "masks/train/a.png", labelMap(3)); }),
               Catch::Contains("masks/train/a.png: pixel (20, 12) holds label 3 (expected 0 for background, 1..2 for the "
                               "dataset's 2 classes, or 255 for ignore)"));
    testing::TempDir dir;
    const auto yaml = writeDataset(dir.path(), "files");
    fs::remove(dir / "masks/val/a.png");
    testing::writeImage(dir / "images/val/b.png", 32, 32);
    writePng(dir / "masks/val/b.png", cv::Mat(32, 32, CV_8UC1, cv::Scalar(1)));
    const auto dataset = data::loadYoloDataset(yaml);
    CHECK(dataset.split("val").images.size() == 1);
    REQUIRE(dataset.warnings.size() == 1);
    CHECK_THAT(dataset.warnings[0], Catch::Contains("images/val/a.png: no mask file") && Catch::Contains("masks/val/a.png"));
    CHECK(testing::yoloDatasetError([&] {
              testing::writeText(dir / "bad.yaml", "train: images/train\nval: images/val\nnames: [a, b]\nmasks_dir: nowhere\n");
              return dir / "bad.yaml";
          }()).find("bad.yaml:4: masks_dir 'nowhere' is not a folder") != std::string::npos);
}

TEST_CASE("the built-in generator's labels are the shapes' drawn pixels: background 0, class + 1 inside its box",
          "[data][segment][builtin]") {
    int labelled = 0;
    for (int index = 0; index < 6; ++index) {
        const auto generated = data::generateDetectionImage(/*seed=*/0, index);
        REQUIRE(generated.labels.size() == generated.bgr.size());
        for (int y = 0; y < generated.labels.rows; ++y) {
            for (int x = 0; x < generated.labels.cols; ++x) {
                const int label = generated.labels.at<std::uint8_t>(y, x);
                if (label == 0) continue;
                ++labelled;
                // The box of a shape of this class contains it (boxes are the drawn pixels' exact bounds).
                bool inBox = false;
                for (const auto& box : generated.boxes) {
                    const double x1 = (box.cx - box.w / 2) * generated.labels.cols, x2 = (box.cx + box.w / 2) * generated.labels.cols;
                    const double y1 = (box.cy - box.h / 2) * generated.labels.rows, y2 = (box.cy + box.h / 2) * generated.labels.rows;
                    inBox |= box.cls + 1 == label && x >= x1 - 0.5 && x < x2 + 0.5 && y >= y1 - 0.5 && y < y2 + 0.5;
                }
                if (!inBox) FAIL("pixel (" << x << ", " << y << ") of image " << index << " has label " << label << " outside its boxes");
            }
        }
    }
    CHECK(labelled > 0);
}

TEST_CASE("a polygon dataset of more classes than 8-bit labels hold loads for detection, without masks", "[data][segment]") {
    testing::TempDir dir;
    writeDataset(dir.path(), "polygons");
    std::string names;
    for (int i = 0; i < 300; ++i) names += (i ? ", c" : "c") + std::to_string(i);
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/val\ntask: segment\nnames: [" + names + "]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.labelFormat == data::LabelFormat::Polygons);
    CHECK_FALSE(dataset.hasMasks());
    const auto loaded = load(dataset, 32, data::SampleAugmentation{true, 3});
    CHECK(loaded.targets.mask.empty());
    CHECK(loaded.targets.polygons.size() == 1);
}

TEST_CASE("only a source asked for masks decodes or draws them: a detector's samples carry none", "[data][segment]") {
    for (const std::string masks : {"polygons", "files"}) {
        testing::TempDir dir;
        const auto dataset = data::loadYoloDataset(writeDataset(dir.path(), masks));
        const auto source = data::ImageSampleSource::forSplit(dataset, "train");
        std::vector<std::uint8_t> chw(3 * 32 * 32);
        data::SampleTargets targets;
        source->load(0, 32, chw, targets, data::SampleAugmentation{true, 1});
        CHECK(targets.mask.empty());
        if (masks == "polygons") CHECK(targets.boxes.size() == 1);  // the detector's labels are all there
    }
}
