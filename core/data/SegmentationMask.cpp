#include "data/SegmentationMask.h"

#include "data/DatasetError.h"
#include "data/ImageCodec.h"
#include "data/PathText.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace graphlens::data {
namespace {

// fillPoly's fixed-point vertices: 1/16 px keeps sub-pixel placement at small sizes.
constexpr int kShiftBits = 4;

// Normalised (pixel i covers [i, i + 1) / size) -> fillPoly's fixed-point pixel-centre coordinates.
cv::Point fixedPoint(const Point& p, int size) {
    const double scale = static_cast<double>(1 << kShiftBits);
    return {static_cast<int>(std::lround((p.x * size - 0.5) * scale)), static_cast<int>(std::lround((p.y * size - 0.5) * scale))};
}

double polygonArea(const Polygon& polygon) {
    double twice = 0;
    for (std::size_t i = 0, n = polygon.points.size(); i < n; ++i) {
        const auto& a = polygon.points[i];
        const auto& b = polygon.points[(i + 1) % n];
        twice += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
    }
    return std::abs(twice) / 2;
}

// The pixels whose centres lie in [from, to) of the normalised axis.
std::pair<int, int> pixelSpan(float from, float to, int size) {
    const int first = std::clamp(static_cast<int>(std::ceil(from * size - 0.5)), 0, size);
    const int end = std::clamp(static_cast<int>(std::ceil(to * size - 0.5)), 0, size);
    return {first, std::max(first, end)};
}

}  // namespace

std::vector<std::uint8_t> rasterisePolygons(const SampleTargets& targets, int size) {
    if (size < 1) throw std::invalid_argument("rasterisePolygons: size must be positive");
    std::vector<std::uint8_t> labels(static_cast<std::size_t>(size) * size, kIgnoreLabel);
    cv::Mat mask(size, size, CV_8UC1, labels.data());
    const auto [x1, x2] = pixelSpan(targets.imageArea.x1, targets.imageArea.x2, size);
    const auto [y1, y2] = pixelSpan(targets.imageArea.y1, targets.imageArea.y2, size);
    if (x2 > x1 && y2 > y1) mask(cv::Rect(x1, y1, x2 - x1, y2 - y1)).setTo(kBackgroundLabel);
    std::vector<std::size_t> order(targets.polygons.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return polygonArea(targets.polygons[a]) > polygonArea(targets.polygons[b]);
    });
    for (const auto i : order) {
        const auto& polygon = targets.polygons[i];
        if (polygon.cls < 0 || polygon.cls >= kMaxSegmentationClasses) {
            throw std::invalid_argument("rasterisePolygons: class " + std::to_string(polygon.cls) + " has no label (expected 0.." +
                                        std::to_string(kMaxSegmentationClasses - 1) + ")");
        }
        std::vector<cv::Point> points;
        points.reserve(polygon.points.size());
        for (const auto& p : polygon.points) points.push_back(fixedPoint(p, size));
        cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(polygon.cls + 1), cv::LINE_8, kShiftBits);
    }
    // Polygons are clamped to the square, not to the picture: padding stays ignored.
    if (x1 > 0) mask.colRange(0, x1).setTo(kIgnoreLabel);
    if (x2 < size) mask.colRange(x2, size).setTo(kIgnoreLabel);
    if (y1 > 0) mask.rowRange(0, y1).setTo(kIgnoreLabel);
    if (y2 < size) mask.rowRange(y2, size).setTo(kIgnoreLabel);
    return labels;
}

std::vector<std::uint8_t> letterboxedMaskFile(const std::filesystem::path& mask, const LetterboxGeometry& geometry,
                                              int classCount) {
    cv::Mat labels;
    try {
        const auto bytes = readFileBytes(mask.string());
        labels = decodePngIndices(bytes);
    } catch (const ImageCodecError& error) {
        throw SampleDefect(where(mask) + ": mask cannot be decoded: " + error.what());
    }
    if (labels.cols != geometry.srcWidth || labels.rows != geometry.srcHeight) {
        throw SampleDefect(where(mask) + ": mask is " + std::to_string(labels.cols) + "x" + std::to_string(labels.rows) +
                           " but its image is " + std::to_string(geometry.srcWidth) + "x" + std::to_string(geometry.srcHeight) +
                           " (expected the same size)");
    }
    for (int y = 0; y < labels.rows; ++y) {
        const auto* row = labels.ptr<std::uint8_t>(y);
        for (int x = 0; x < labels.cols; ++x) {
            if (row[x] != kIgnoreLabel && row[x] > classCount) {
                throw SampleDefect(where(mask) + ": pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") holds label " +
                                   std::to_string(row[x]) + " (expected 0 for background, 1.." + std::to_string(classCount) +
                                   " for the dataset's " + std::to_string(classCount) + " classes, or 255 for ignore)");
            }
        }
    }
    cv::Mat resized = labels;
    if (labels.cols != geometry.newWidth || labels.rows != geometry.newHeight) {
        // Centre-aligned nearest neighbour: a label is never blended with its neighbours.
        cv::resize(labels, resized, cv::Size(geometry.newWidth, geometry.newHeight), 0, 0, cv::INTER_NEAREST_EXACT);
    }
    std::vector<std::uint8_t> out(static_cast<std::size_t>(geometry.size) * geometry.size);
    cv::Mat square(geometry.size, geometry.size, CV_8UC1, out.data());
    cv::copyMakeBorder(resized, square, geometry.padTop, geometry.size - geometry.newHeight - geometry.padTop, geometry.padLeft,
                       geometry.size - geometry.newWidth - geometry.padLeft, cv::BORDER_CONSTANT, cv::Scalar::all(kIgnoreLabel));
    return out;
}

std::filesystem::path maskPathFor(const std::filesystem::path& image, const std::filesystem::path& masksDir) {
    const std::vector<std::filesystem::path> parts(image.begin(), image.end());
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        if (*it != "images") continue;
        std::filesystem::path mask = masksDir;
        for (auto after = it.base(); after != parts.end(); ++after) mask /= *after;
        return mask.replace_extension(".png");
    }
    return masksDir / image.filename().replace_extension(".png");
}

}  // namespace graphlens::data
