// Training augmentation: deterministic from the seed, off = the plain sample, RandomResizedCrop
// within torchvision's ranges, an exact mirror, scale jitter that keeps boxes on their pixels, and
// boxes pushed out of the image dropped with their polygons and keypoints.
#include "TestFiles.h"
#include "data/ClassifyAugmentation.h"
#include "data/DetectAugmentation.h"
#include "data/ImageCodec.h"
#include "data/ImageSampleSource.h"
#include "data/ImageTransform.h"

#include <catch2/catch.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <numeric>

using namespace graphlens;
using data::SampleAugmentation;
using data::SampleTargets;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes chwBuffer(int size) {
    return Bytes(3 * static_cast<std::size_t>(size) * size);
}

std::uint8_t at(const Bytes& chw, int size, int c, int y, int x) {
    return chw[(static_cast<std::size_t>(c) * size + y) * size + x];
}

// Extent of channel-0 pixels above mid-grey (black background, white object, grey 114 padding).
cv::Rect brightExtent(const Bytes& chw, int size) {
    cv::Mat plane(size, size, CV_8UC1, const_cast<std::uint8_t*>(chw.data()));
    cv::Mat mask;
    cv::threshold(plane, mask, 127, 255, cv::THRESH_BINARY);
    return cv::boundingRect(mask);
}

// A lossless fixture: black, with a white rectangle.
void writeRectangleImage(const std::filesystem::path& path, int width, int height, cv::Rect object) {
    cv::Mat image(height, width, CV_8UC3, cv::Scalar::all(0));
    cv::rectangle(image, object, cv::Scalar::all(255), cv::FILLED);
    data::writeFileBytes(path.string(), data::encodePng(image));
}

data::Box boxOf(cv::Rect r, int width, int height) {
    return {1, static_cast<float>((r.x + r.width / 2.0) / width),
            static_cast<float>((r.y + r.height / 2.0) / height),
            static_cast<float>(static_cast<double>(r.width) / width),
            static_cast<float>(static_cast<double>(r.height) / height)};
}

// The box's edges, in pixels, match the seen extent (exclusive right/bottom) within tolerance.
void checkFrames(const data::Box& box, cv::Rect seen, int size, double tolerance) {
    CAPTURE(box.cx, box.cy, box.w, box.h, seen.x, seen.y, seen.width, seen.height);
    CHECK(std::abs((box.cx - box.w / 2) * size - seen.x) <= tolerance);
    CHECK(std::abs((box.cx + box.w / 2) * size - (seen.x + seen.width)) <= tolerance);
    CHECK(std::abs((box.cy - box.h / 2) * size - seen.y) <= tolerance);
    CHECK(std::abs((box.cy + box.h / 2) * size - (seen.y + seen.height)) <= tolerance);
}

std::shared_ptr<data::ImageSampleSource> detectSource(const testing::TempDir& dir, cv::Rect object,
                                                      std::shared_ptr<data::DecodedCache> cache = nullptr) {
    writeRectangleImage(dir / "det.png", 300, 200, object);
    data::ImageRecord record;
    record.image = dir / "det.png";
    record.boxes = {boxOf(object, 300, 200)};
    return std::make_shared<data::ImageSampleSource>(std::vector{record}, data::ResizeMode::Letterbox,
                                                     std::move(cache));
}

std::shared_ptr<data::ImageSampleSource> classifySource(const std::filesystem::path& image) {
    data::ImageRecord record;
    record.image = image;
    record.classIndex = 3;
    return std::make_shared<data::ImageSampleSource>(std::vector{record}, data::ResizeMode::CenterCrop);
}

bool sameTargets(const SampleTargets& a, const SampleTargets& b) {
    auto sameBox = [](const data::Box& x, const data::Box& y) {
        return x.cls == y.cls && x.cx == y.cx && x.cy == y.cy && x.w == y.w && x.h == y.h;
    };
    return a.classIndex == b.classIndex && a.boxes.size() == b.boxes.size() &&
           std::equal(a.boxes.begin(), a.boxes.end(), b.boxes.begin(), sameBox);
}

}  // namespace

TEST_CASE("augmentation off gives exactly the plain sample", "[data][augment]") {
    testing::TempDir dir;
    const auto detect = detectSource(dir, {100, 60, 80, 50});
    testing::writeImage(dir / "cls.png", 90, 70, 5);
    const auto classify = classifySource(dir / "cls.png");
    for (const auto& source : {detect, classify}) {
        auto plain = chwBuffer(64), off = chwBuffer(64);
        SampleTargets plainTargets, offTargets;
        source->load(0, 64, plain, plainTargets);
        source->load(0, 64, off, offTargets, SampleAugmentation{false, 1234});
        CHECK(plain == off);
        CHECK(sameTargets(plainTargets, offTargets));
    }
}

TEST_CASE("the same seed gives the same sample, different seeds different crops", "[data][augment]") {
    testing::TempDir dir;
    testing::writeImage(dir / "cls.png", 120, 90, 7);
    const auto classify = classifySource(dir / "cls.png");
    auto first = chwBuffer(48), again = chwBuffer(48), other = chwBuffer(48);
    SampleTargets targets;
    classify->load(0, 48, first, targets, SampleAugmentation{true, 42});
    CHECK(targets.classIndex == 3);
    classify->load(0, 48, again, targets, SampleAugmentation{true, 42});
    CHECK(first == again);
    int differing = 0;
    for (std::uint64_t seed = 43; seed < 51; ++seed) {
        classify->load(0, 48, other, targets, SampleAugmentation{true, seed});
        differing += other != first;
        const auto a = data::classifyAugmentParams(120, 90, 42),
                   b = data::classifyAugmentParams(120, 90, seed);
        CHECK(a.crop != b.crop);
    }
    CHECK(differing == 8);

    const auto detect = detectSource(dir, {100, 60, 80, 50});
    auto d1 = chwBuffer(64), d2 = chwBuffer(64);
    SampleTargets t1, t2;
    detect->load(0, 64, d1, t1, SampleAugmentation{true, 9});
    detect->load(0, 64, d2, t2, SampleAugmentation{true, 9});
    CHECK(d1 == d2);
    CHECK(sameTargets(t1, t2));

    // The loader's per-sample seed: a pure function of (seed, epoch, index), distinct per sample.
    CHECK(data::sampleAugmentationSeed(1, 0, 5) == data::sampleAugmentationSeed(1, 0, 5));
    CHECK(data::sampleAugmentationSeed(1, 0, 5) != data::sampleAugmentationSeed(1, 1, 5));
    CHECK(data::sampleAugmentationSeed(1, 0, 5) != data::sampleAugmentationSeed(1, 0, 6));
    CHECK(data::sampleAugmentationSeed(1, 0, 5) != data::sampleAugmentationSeed(2, 0, 5));
}

TEST_CASE("RandomResizedCrop parameters lie in torchvision's ranges", "[data][augment][classify]") {
    const int width = 1000, height = 1000;
    int belowOne = 0, n = 4000;
    double minScale = 1, maxScale = 0, minRatio = 2, maxRatio = 0;
    for (int seed = 0; seed < n; ++seed) {
        data::SplitMix64 rng(static_cast<std::uint64_t>(seed));
        const cv::Rect r = data::randomResizedCropRect(width, height, rng);
        REQUIRE((r & cv::Rect(0, 0, width, height)) == r);
        REQUIRE(!r.empty());
        const double scale = static_cast<double>(r.area()) / (width * height);
        const double ratio = static_cast<double>(r.width) / r.height;
        // Rounding w and h to whole pixels moves both by at most half a pixel.
        CHECK(scale >= 0.08 * 0.99);
        CHECK(scale <= 1.0);
        CHECK(ratio >= 0.75 * 0.99);
        CHECK(ratio <= 4.0 / 3.0 * 1.01);
        minScale = std::min(minScale, scale), maxScale = std::max(maxScale, scale);
        minRatio = std::min(minRatio, ratio), maxRatio = std::max(maxRatio, ratio);
        belowOne += ratio < 1.0;
    }
    CHECK(minScale < 0.085);
    CHECK(maxScale > 0.9);
    CHECK(minRatio < 0.76);
    CHECK(maxRatio > 1.32);
    // Log-uniform ratios fall below 1 half the time (uniform on [3/4, 4/3] would give 43%).
    CHECK(belowOne == Approx(n / 2).epsilon(0.06));

    // Where no attempt fits, the centre crop clamped to the ratio range (torchvision's fallback).
    data::SplitMix64 rng(7);
    CHECK(data::randomResizedCropRect(30, 1000, rng) == cv::Rect(0, 480, 30, 40));
    CHECK(data::randomResizedCropRect(1000, 30, rng) == cv::Rect(480, 0, 40, 30));
}

TEST_CASE("the classification sample is the crop of the decoded image, resized and maybe mirrored",
          "[data][augment][classify]") {
    testing::TempDir dir;
    testing::writeImage(dir / "small.png", 60, 40, 3);  // every crop smaller than 64: a full-size decode
    const auto source = classifySource(dir / "small.png");
    const cv::Mat full = data::decodeImage(dir / "small.png");
    int flips = 0;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
        auto chw = chwBuffer(64), expected = chwBuffer(64);
        SampleTargets targets;
        source->load(0, 64, chw, targets, SampleAugmentation{true, seed});
        const auto params = data::classifyAugmentParams(60, 40, seed);
        flips += params.flip;
        data::bgrToRgbChw(data::applyClassifyAugment(full, params, 64), expected);
        CHECK(chw == expected);
    }
    CHECK(flips > 0);
    CHECK(flips < 12);

    // A large image decodes scaled down; the result stays close to the full-size path.
    cv::Mat big(1200, 1600, CV_8UC3);
    for (int y = 0; y < big.rows; ++y) {
        for (int x = 0; x < big.cols; ++x)
            big.at<cv::Vec3b>(y, x) =
                cv::Vec3b(x * 255 / 1600, y * 255 / 1200, ((x / 100 + y / 100) % 2) * 255);
    }
    data::writeFileBytes((dir / "big.png").string(), data::encodePng(big));
    const auto bigSource = classifySource(dir / "big.png");
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        auto chw = chwBuffer(32), expected = chwBuffer(32);
        SampleTargets targets;
        bigSource->load(0, 32, chw, targets, SampleAugmentation{true, seed});
        data::bgrToRgbChw(data::applyClassifyAugment(big, data::classifyAugmentParams(1600, 1200, seed), 32),
                          expected);
        double diff = 0;
        for (std::size_t i = 0; i < chw.size(); ++i) diff += std::abs(chw[i] - expected[i]);
        CAPTURE(seed);
        CHECK(diff / static_cast<double>(chw.size()) < 8.0);
    }
}

TEST_CASE("the flip mirrors pixels exactly and maps boxes, polygons and keypoints",
          "[data][augment][detect]") {
    const int size = 16;
    Bytes chw = chwBuffer(size);
    std::iota(chw.begin(), chw.end(), std::uint8_t{0});
    const Bytes original = chw;
    SampleTargets targets;
    targets.boxes = {{2, 0.25f, 0.4f, 0.2f, 0.1f}};
    targets.polygons = {{2, {{0.1f, 0.2f}, {0.3f, 0.2f}, {0.2f, 0.6f}}}};
    targets.keypoints = {{0.15f, 0.35f, 2}, {0.9f, 0.5f, 1}};
    targets.keypointsPerObject = 2;
    data::flipHorizontal(chw, size, targets);
    for (int c = 0; c < 3; ++c) {
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x)
                REQUIRE(at(chw, size, c, y, x) == at(original, size, c, y, size - 1 - x));
        }
    }
    CHECK(targets.boxes[0].cx == Approx(0.75f));
    CHECK(targets.boxes[0].cy == 0.4f);
    CHECK(targets.boxes[0].w == 0.2f);
    CHECK(targets.polygons[0].points[0].x == Approx(0.9f));
    CHECK(targets.polygons[0].points[2].x == Approx(0.8f));
    CHECK(targets.polygons[0].points[2].y == 0.6f);
    CHECK(targets.keypoints[0].x == Approx(0.85f));
    CHECK(targets.keypoints[1].x == Approx(0.1f));
    CHECK(targets.keypoints[1].visibility == 1);
    data::flipHorizontal(chw, size, targets);
    CHECK(chw == original);
}

TEST_CASE("scale jitter keeps the box on the drawn rectangle", "[data][augment][detect]") {
    testing::TempDir dir;
    const int size = 128;
    // 300 x 200 letterboxed to 128 x 85 at row 21; one rectangle near the centre, one near the edge
    // (partly cropped away at large zoom).
    const auto object = GENERATE(cv::Rect{120, 80, 60, 40}, cv::Rect{20, 30, 70, 60});
    CAPTURE(object.x, object.y);
    const auto source = detectSource(dir, object);
    SampleTargets plainTargets;
    auto plain = chwBuffer(size);
    source->load(0, size, plain, plainTargets);
    checkFrames(plainTargets.boxes.at(0), brightExtent(plain, size), size, 1.0);

    for (double factor : {0.5, 0.73, 1.0, 1.31, 1.5}) {
        CAPTURE(factor);
        auto chw = plain;
        auto targets = plainTargets;
        data::scaleAboutCentre(chw, size, factor, targets);
        REQUIRE(targets.boxes.size() == 1);
        checkFrames(targets.boxes[0], brightExtent(chw, size), size, 1.0);
        if (factor < 1) {
            // Outside the scaled content: letterbox grey in every channel.
            for (int c = 0; c < 3; ++c) CHECK(at(chw, size, c, size / 2, 2) == data::kLetterboxGrey);
        }
    }
    // The seeded pipeline (flip and scale drawn from the seed) frames it too.
    for (std::uint64_t seed = 0; seed < 16; ++seed) {
        CAPTURE(seed);
        auto chw = chwBuffer(size);
        SampleTargets targets;
        source->load(0, size, chw, targets, SampleAugmentation{true, seed});
        REQUIRE(targets.boxes.size() == 1);
        checkFrames(targets.boxes[0], brightExtent(chw, size), size, 1.0);
    }
}

TEST_CASE("with the decoded cache, augmentation starts from the cached letterbox",
          "[data][augment][detect]") {
    testing::TempDir dir;
    auto cache = std::make_shared<data::DecodedCache>(1 << 20);
    const auto source = detectSource(dir, {100, 60, 80, 50}, cache);
    auto plain = chwBuffer(64), first = chwBuffer(64), second = chwBuffer(64);
    SampleTargets plainTargets, t1, t2;
    source->load(0, 64, first, t1,
                 SampleAugmentation{true, 5});  // miss: decodes and stores the plain letterbox
    source->load(0, 64, second, t2, SampleAugmentation{true, 5});  // hit
    CHECK(cache->hits() == 1);
    CHECK(first == second);
    CHECK(sameTargets(t1, t2));
    source->load(0, 64, plain, plainTargets);
    data::augmentDetection(plain, 64, plainTargets, 5);
    CHECK(plain == first);
    CHECK(sameTargets(plainTargets, t1));
}

TEST_CASE("boxes pushed out of the image are dropped with their polygons and keypoints",
          "[data][augment][detect]") {
    const int size = 64;
    SampleTargets targets;
    targets.boxes = {
        {0, 0.05f, 0.05f, 0.04f, 0.04f},   // the corner: entirely outside at 1.5x
        {1, 0.5f, 0.5f, 0.2f, 0.2f},       // the centre: kept
        {2, 0.0875f, 0.5f, 0.175f, 0.4f},  // 4.8% of it stays inside at 1.5x (above 2 px^2): dropped
        {3, 0.2f, 0.5f, 0.4f, 0.4f},       // 58% stays inside: kept, clipped at x = 0
    };
    for (int i = 0; i < 4; ++i) {
        const auto& b = targets.boxes[static_cast<std::size_t>(i)];
        targets.polygons.push_back(
            {i, {{b.cx - b.w / 2, b.cy}, {b.cx, b.cy - b.h / 2}, {b.cx + b.w / 2, b.cy}}});
        targets.keypoints.push_back({b.cx, b.cy, 2});
        targets.keypoints.push_back({b.cx - b.w / 2, b.cy, 2});
    }
    targets.keypointsPerObject = 2;
    auto chw = chwBuffer(size);
    data::scaleAboutCentre(chw, size, 1.5, targets);
    REQUIRE(targets.boxes.size() == 2);
    CHECK(targets.boxes[0].cls == 1);
    CHECK(targets.boxes[0].w == Approx(0.3f));
    CHECK(targets.boxes[1].cls == 3);
    CHECK(targets.boxes[1].cx - targets.boxes[1].w / 2 == Approx(0.0f).margin(1e-6));
    CHECK(targets.boxes[1].cx + targets.boxes[1].w / 2 == Approx(0.5f + 1.5f * (0.4f - 0.5f)));
    REQUIRE(targets.polygons.size() == 2);
    CHECK(targets.polygons[0].cls == 1);
    CHECK(targets.polygons[1].cls == 3);
    CHECK(targets.polygons[1].points[0].x == 0.0f);  // clamped to the image
    REQUIRE(targets.keypoints.size() == 4);
    CHECK(targets.keypoints[0].x == Approx(0.5f));
    CHECK(targets.keypoints[0].visibility == 2);
    CHECK(targets.keypoints[2].x == Approx(0.5f + 1.5f * (0.2f - 0.5f)));
    CHECK(targets.keypoints[3].visibility == 0);  // x = -0.25: outside

    // Zooming out shrinks a 2 x 2 px box to 1 px^2: below the minimum, dropped.
    SampleTargets tiny;
    tiny.boxes = {{0, 0.5f, 0.5f, 2.0f / size, 2.0f / size}, {1, 0.5f, 0.5f, 0.5f, 0.5f}};
    data::scaleAboutCentre(chw, size, 0.5, tiny);
    REQUIRE(tiny.boxes.size() == 1);
    CHECK(tiny.boxes[0].cls == 1);
    CHECK(tiny.boxes[0].w == Approx(0.25f));
}
