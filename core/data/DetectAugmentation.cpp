#include "data/DetectAugmentation.h"

#include "data/ImageTransform.h"
#include "data/SegmentationMask.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <stdexcept>

namespace graphlens::data {

namespace {

// Runs body(plane) on each of the three size x size planes, in place.
template <class Body>
void forEachPlane(std::span<std::uint8_t> chw, int size, Body&& body) {
    const std::size_t plane = static_cast<std::size_t>(size) * size;
    if (size <= 0 || chw.size() != 3 * plane)
        throw std::invalid_argument("augmentation: buffer is not 3 x size x size");
    for (int c = 0; c < 3; ++c) {
        cv::Mat view(size, size, CV_8UC1, chw.data() + c * plane);
        body(view);
    }
}

// The targets' label mask as a size x size image, in place.
cv::Mat maskView(SampleTargets& targets, int size) {
    if (targets.mask.size() != static_cast<std::size_t>(size) * size)
        throw std::invalid_argument("augmentation: the mask is not size x size");
    return cv::Mat(size, size, CV_8UC1, targets.mask.data());
}

float scaled(float v, double factor) {
    return static_cast<float>(0.5 + factor * (static_cast<double>(v) - 0.5));
}

// Drops object i's box, its polygon and its keypoints, wherever the targets carry them per object.
void dropObjects(SampleTargets& targets, const std::vector<bool>& keep) {
    const std::size_t n = keep.size();
    const bool perObjectPolygons = targets.polygons.size() == n;
    const std::size_t k =
        targets.keypointsPerObject > 0 ? static_cast<std::size_t>(targets.keypointsPerObject) : 0;
    const bool perObjectKeypoints = k > 0 && targets.keypoints.size() == n * k;
    SampleTargets kept = targets;
    kept.boxes.clear();
    if (perObjectPolygons) kept.polygons.clear();
    if (perObjectKeypoints) kept.keypoints.clear();
    for (std::size_t i = 0; i < n; ++i) {
        if (!keep[i]) continue;
        kept.boxes.push_back(targets.boxes[i]);
        if (perObjectPolygons) kept.polygons.push_back(std::move(targets.polygons[i]));
        if (perObjectKeypoints) {
            kept.keypoints.insert(kept.keypoints.end(),
                                  targets.keypoints.begin() + static_cast<std::ptrdiff_t>(i * k),
                                  targets.keypoints.begin() + static_cast<std::ptrdiff_t>((i + 1) * k));
        }
    }
    targets = std::move(kept);
}

}  // namespace

DetectAugmentParams detectAugmentParams(std::uint64_t seed) {
    SplitMix64 rng(seed);
    DetectAugmentParams params;
    params.flip = rng.unit() < 0.5;
    params.scale = kMinScaleJitter + (kMaxScaleJitter - kMinScaleJitter) * rng.unit();
    return params;
}

void flipHorizontal(std::span<std::uint8_t> chw, int size, SampleTargets& targets) {
    forEachPlane(chw, size, [](cv::Mat& plane) { cv::flip(plane, plane, /*flipCode=*/1); });
    for (auto& box : targets.boxes) box.cx = 1.0f - box.cx;
    for (auto& polygon : targets.polygons) {
        for (auto& point : polygon.points) point.x = 1.0f - point.x;
    }
    for (auto& keypoint : targets.keypoints) keypoint.x = 1.0f - keypoint.x;
    targets.imageArea = ImageArea{1.0f - targets.imageArea.x2, targets.imageArea.y1, 1.0f - targets.imageArea.x1,
                                  targets.imageArea.y2};
    if (!targets.mask.empty()) {
        cv::Mat mask = maskView(targets, size);
        cv::flip(mask, mask, /*flipCode=*/1);
    }
}

void scaleAboutCentre(std::span<std::uint8_t> chw, int size, double factor, SampleTargets& targets) {
    if (!(factor > 0)) throw std::invalid_argument("scale jitter needs a positive factor");
    // Pixel centres sit at index + 0.5, so the fixed point in index coordinates is (size - 1) / 2.
    const double shift = (1.0 - factor) * (size - 1) / 2.0;
    const cv::Matx23d transform(factor, 0, shift, 0, factor, shift);
    forEachPlane(chw, size, [&](cv::Mat& plane) {
        cv::Mat warped;
        cv::warpAffine(plane, warped, transform, plane.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT,
                       cv::Scalar::all(kLetterboxGrey));
        warped.copyTo(plane);  // same size and type: writes into the caller's buffer
    });

    if (!targets.mask.empty()) {
        // The same mapping as the pixels; nearest neighbour so labels never blend, ignore where the
        // pixels get the padding grey.
        cv::Mat mask = maskView(targets, size);
        cv::Mat warped;
        cv::warpAffine(mask, warped, transform, mask.size(), cv::INTER_NEAREST, cv::BORDER_CONSTANT,
                       cv::Scalar::all(kIgnoreLabel));
        warped.copyTo(mask);
    }
    auto& area = targets.imageArea;
    area = ImageArea{std::clamp(scaled(area.x1, factor), 0.0f, 1.0f), std::clamp(scaled(area.y1, factor), 0.0f, 1.0f),
                     std::clamp(scaled(area.x2, factor), 0.0f, 1.0f), std::clamp(scaled(area.y2, factor), 0.0f, 1.0f)};

    const double pixels = static_cast<double>(size) * size;
    std::vector<bool> keep(targets.boxes.size(), true);
    for (std::size_t i = 0; i < targets.boxes.size(); ++i) {
        auto& box = targets.boxes[i];
        const double x1 = std::clamp<double>(scaled(box.cx - box.w / 2, factor), 0, 1);
        const double x2 = std::clamp<double>(scaled(box.cx + box.w / 2, factor), 0, 1);
        const double y1 = std::clamp<double>(scaled(box.cy - box.h / 2, factor), 0, 1);
        const double y2 = std::clamp<double>(scaled(box.cy + box.h / 2, factor), 0, 1);
        const double visible = (x2 - x1) * (y2 - y1) * pixels;
        const double whole = static_cast<double>(box.w) * box.h * factor * factor * pixels;
        keep[i] = visible >= kMinBoxPixels && visible >= kMinBoxVisibleFraction * whole;
        box = Box{box.cls, static_cast<float>((x1 + x2) / 2), static_cast<float>((y1 + y2) / 2),
                  static_cast<float>(x2 - x1), static_cast<float>(y2 - y1)};
    }
    for (auto& polygon : targets.polygons) {
        for (auto& point : polygon.points) {
            point.x = std::clamp(scaled(point.x, factor), 0.0f, 1.0f);
            point.y = std::clamp(scaled(point.y, factor), 0.0f, 1.0f);
        }
    }
    for (auto& keypoint : targets.keypoints) {
        keypoint.x = scaled(keypoint.x, factor);
        keypoint.y = scaled(keypoint.y, factor);
        if (keypoint.x < 0 || keypoint.x > 1 || keypoint.y < 0 || keypoint.y > 1) keypoint.visibility = 0;
    }
    dropObjects(targets, keep);
}

void augmentDetection(std::span<std::uint8_t> chw, int size, SampleTargets& targets, std::uint64_t seed) {
    const auto params = detectAugmentParams(seed);
    if (params.flip) flipHorizontal(chw, size, targets);
    scaleAboutCentre(chw, size, params.scale, targets);
}

}  // namespace graphlens::data
