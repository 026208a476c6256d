#include "data/ImageTransform.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/PathText.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace graphlens::data {

cv::Mat decodeImage(const std::filesystem::path& path) {
    cv::Mat image;
    try {
        image = cv::imread(path.string(), cv::IMREAD_COLOR);
    } catch (const cv::Exception& error) {
        throw SampleDefect(where(path) + ": OpenCV could not decode the image: " + error.err);
    }
    if (image.empty()) {
        throw SampleDefect(where(path) + ": OpenCV could not decode the image (expected " + imageExtensionsText() + " image data)");
    }
    return image;
}

LetterboxGeometry letterboxGeometry(int srcWidth, int srcHeight, int size) {
    if (srcWidth <= 0 || srcHeight <= 0 || size <= 0) throw std::invalid_argument("letterbox of an empty image");
    LetterboxGeometry geometry;
    geometry.srcWidth = srcWidth;
    geometry.srcHeight = srcHeight;
    geometry.size = size;
    const double scale = std::min(static_cast<double>(size) / srcWidth, static_cast<double>(size) / srcHeight);
    geometry.newWidth = std::clamp(static_cast<int>(std::lround(srcWidth * scale)), 1, size);
    geometry.newHeight = std::clamp(static_cast<int>(std::lround(srcHeight * scale)), 1, size);
    geometry.padLeft = (size - geometry.newWidth) / 2;
    geometry.padTop = (size - geometry.newHeight) / 2;
    return geometry;
}

Box LetterboxGeometry::toLetterbox(const Box& box) const {
    const double sx = static_cast<double>(newWidth) / size, sy = static_cast<double>(newHeight) / size;
    return {box.cls, static_cast<float>(box.cx * sx + static_cast<double>(padLeft) / size),
            static_cast<float>(box.cy * sy + static_cast<double>(padTop) / size), static_cast<float>(box.w * sx),
            static_cast<float>(box.h * sy)};
}

Box LetterboxGeometry::fromLetterbox(const Box& box) const {
    const double sx = static_cast<double>(size) / newWidth, sy = static_cast<double>(size) / newHeight;
    return {box.cls, static_cast<float>((box.cx - static_cast<double>(padLeft) / size) * sx),
            static_cast<float>((box.cy - static_cast<double>(padTop) / size) * sy), static_cast<float>(box.w * sx),
            static_cast<float>(box.h * sy)};
}

cv::Mat letterbox(const cv::Mat& image, int size, LetterboxGeometry* geometry) {
    const auto g = letterboxGeometry(image.cols, image.rows, size);
    if (geometry) *geometry = g;
    cv::Mat resized;
    if (g.newWidth == image.cols && g.newHeight == image.rows) {
        resized = image;
    } else {
        cv::resize(image, resized, cv::Size(g.newWidth, g.newHeight), 0, 0, cv::INTER_LINEAR);
    }
    cv::Mat out;
    cv::copyMakeBorder(resized, out, g.padTop, size - g.newHeight - g.padTop, g.padLeft, size - g.newWidth - g.padLeft,
                       cv::BORDER_CONSTANT, cv::Scalar::all(kLetterboxGrey));
    return out;
}

cv::Mat resizeCenterCrop(const cv::Mat& image, int size) {
    const double scale = static_cast<double>(size) / std::min(image.cols, image.rows);
    const int width = std::max(size, static_cast<int>(std::lround(image.cols * scale)));
    const int height = std::max(size, static_cast<int>(std::lround(image.rows * scale)));
    cv::Mat resized;
    cv::resize(image, resized, cv::Size(width, height), 0, 0, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
    return resized(cv::Rect((width - size) / 2, (height - size) / 2, size, size)).clone();
}

void bgrToRgbChw(const cv::Mat& bgr, std::span<std::uint8_t> out) {
    if (bgr.type() != CV_8UC3) throw std::invalid_argument("bgrToRgbChw needs an 8-bit 3-channel image");
    const std::size_t plane = static_cast<std::size_t>(bgr.rows) * bgr.cols;
    if (out.size() != 3 * plane) throw std::invalid_argument("bgrToRgbChw: output size does not match the image");
    // cv::split writes each plane straight into the output: R, G, B planes from B, G, R channels.
    std::vector<cv::Mat> planes{
        cv::Mat(bgr.rows, bgr.cols, CV_8UC1, out.data() + 2 * plane),
        cv::Mat(bgr.rows, bgr.cols, CV_8UC1, out.data() + plane),
        cv::Mat(bgr.rows, bgr.cols, CV_8UC1, out.data()),
    };
    cv::split(bgr, planes);
}

}  // namespace graphlens::data
