#include "data/ImageTransform.h"

#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/PathText.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace graphlens::data {

namespace {

// Runs body on the file's bytes; codec errors become a SampleDefect naming the file.
template <class Body>
auto withImageBytes(const std::filesystem::path& path, Body&& body) {
    try {
        const auto bytes = readFileBytes(path.string());
        return body(std::span<const std::uint8_t>(bytes));
    } catch (const ImageCodecError& error) {
        throw SampleDefect(where(path) + ": " + error.what());
    } catch (const std::bad_alloc&) {
        throw SampleDefect(where(path) + ": out of memory while decoding the image");
    }
}

void forwardWarnings(const std::filesystem::path& path, const DecodedImage& image, const WarningSink& warnings) {
    if (!warnings) return;
    for (const auto& warning : image.warnings) warnings(where(path) + ": " + warning);
}

// The resized image (newWidth x newHeight) padded to size x size.
cv::Mat padLetterbox(const cv::Mat& resized, const LetterboxGeometry& g) {
    cv::Mat out;
    cv::copyMakeBorder(resized, out, g.padTop, g.size - g.newHeight - g.padTop, g.padLeft, g.size - g.newWidth - g.padLeft,
                       cv::BORDER_CONSTANT, cv::Scalar::all(kLetterboxGrey));
    return out;
}

cv::Mat resizeTo(const cv::Mat& image, int width, int height) {
    if (image.cols == width && image.rows == height) return image;
    cv::Mat resized;
    cv::resize(image, resized, cv::Size(width, height), 0, 0, cv::INTER_LINEAR);
    return resized;
}

}  // namespace

DecodedImage decodeImage(const std::filesystem::path& path, const DecodeRequest& request, const WarningSink& warnings) {
    DecodedImage image = withImageBytes(path, [&](std::span<const std::uint8_t> bytes) { return decodeImageBytes(bytes, request); });
    forwardWarnings(path, image, warnings);
    return image;
}

cv::Mat decodeImage(const std::filesystem::path& path) {
    return decodeImage(path, DecodeRequest{}).bgr;
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
    return padLetterbox(resizeTo(image, g.newWidth, g.newHeight), g);
}

cv::Mat resizeCenterCrop(const cv::Mat& image, int size) {
    if (image.empty() || size <= 0) throw std::invalid_argument("center crop of an empty image");
    // The central square of the source is what the shorter-side resize + central crop shows.
    const int side = std::min(image.cols, image.rows);
    const cv::Mat square = image(cv::Rect((image.cols - side) / 2, (image.rows - side) / 2, side, side));
    cv::Mat out;
    cv::resize(square, out, cv::Size(size, size), 0, 0, side > size ? cv::INTER_AREA : cv::INTER_LINEAR);
    return out;
}

cv::Mat decodeLetterbox(const std::filesystem::path& path, int size, LetterboxGeometry* geometry, const WarningSink& warnings) {
    LetterboxGeometry g;
    DecodedImage image = withImageBytes(path, [&](std::span<const std::uint8_t> bytes) {
        const auto header = readImageHeader(bytes);
        g = letterboxGeometry(header.width, header.height, size);
        return decodeImageBytes(bytes, DecodeRequest{g.newWidth, g.newHeight});
    });
    forwardWarnings(path, image, warnings);
    if (geometry) *geometry = g;
    return padLetterbox(resizeTo(image.bgr, g.newWidth, g.newHeight), g);
}

cv::Mat decodeCenterCrop(const std::filesystem::path& path, int size, const WarningSink& warnings) {
    DecodedImage image = decodeImage(path, DecodeRequest{size, size}, warnings);
    return resizeCenterCrop(image.bgr, size);
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
