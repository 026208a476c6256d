#include "data/ClassifyAugmentation.h"

#include "data/DatasetError.h"
#include "data/ImageCodec.h"
#include "data/PathText.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace graphlens::data {

namespace {

// Python's round(): half to even (the default floating-point rounding mode).
int roundHalfEven(double value) {
    return static_cast<int>(std::nearbyint(value));
}

double uniform(SplitMix64& rng, double low, double high) {
    return low + (high - low) * rng.unit();
}

}  // namespace

cv::Rect randomResizedCropRect(int width, int height, SplitMix64& rng) {
    if (width <= 0 || height <= 0) throw std::invalid_argument("random resized crop of an empty image");
    const double area = static_cast<double>(width) * height;
    const double logMinRatio = std::log(kCropMinRatio), logMaxRatio = std::log(kCropMaxRatio);
    for (int attempt = 0; attempt < 10; ++attempt) {
        const double targetArea = area * uniform(rng, kCropMinScale, kCropMaxScale);
        const double ratio = std::exp(uniform(rng, logMinRatio, logMaxRatio));
        const int w = roundHalfEven(std::sqrt(targetArea * ratio));
        const int h = roundHalfEven(std::sqrt(targetArea / ratio));
        if (w > 0 && w <= width && h > 0 && h <= height) {
            const int top = rng.uniform(0, height - h);  // torchvision draws the row first
            const int left = rng.uniform(0, width - w);
            return {left, top, w, h};
        }
    }
    const double inRatio = static_cast<double>(width) / height;
    int w = width, h = height;
    if (inRatio < kCropMinRatio) {
        h = std::clamp(roundHalfEven(w / kCropMinRatio), 1, height);
    } else if (inRatio > kCropMaxRatio) {
        w = std::clamp(roundHalfEven(h * kCropMaxRatio), 1, width);
    }
    return {(width - w) / 2, (height - h) / 2, w, h};
}

ClassifyAugmentParams classifyAugmentParams(int width, int height, std::uint64_t seed) {
    SplitMix64 rng(seed);
    ClassifyAugmentParams params;
    params.crop = randomResizedCropRect(width, height, rng);
    params.flip = rng.unit() < 0.5;
    return params;
}

cv::Mat applyClassifyAugment(const cv::Mat& image, const ClassifyAugmentParams& params, int size) {
    if (image.empty() || size <= 0) throw std::invalid_argument("augmenting an empty image");
    const cv::Rect crop = params.crop & cv::Rect(0, 0, image.cols, image.rows);
    if (crop.empty()) throw std::invalid_argument("the crop lies outside the image");
    const bool shrinking = crop.width >= size && crop.height >= size;
    cv::Mat out;
    cv::resize(image(crop), out, cv::Size(size, size), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
    if (params.flip) cv::flip(out, out, /*flipCode=*/1);
    return out;
}

cv::Mat decodeClassifyAugmented(const std::filesystem::path& path, int size, std::uint64_t seed) {
    try {
        const auto bytes = readFileBytes(path.string());
        const auto header = readImageHeader(bytes);
        auto params = classifyAugmentParams(header.width, header.height, seed);
        // Decoded at least this large, the crop still covers size x size pixels.
        const auto need = [size](int full, int cropped) {
            return std::min(full, static_cast<int>(std::ceil(static_cast<double>(full) * size / cropped)));
        };
        const DecodedImage decoded = decodeImageBytes(
            bytes,
            DecodeRequest{need(header.width, params.crop.width), need(header.height, params.crop.height)});
        if (decoded.bgr.cols != header.width || decoded.bgr.rows != header.height) {
            // Map the crop into the scaled image: edges rounded, at least one pixel.
            const double fx = static_cast<double>(decoded.bgr.cols) / header.width;
            const double fy = static_cast<double>(decoded.bgr.rows) / header.height;
            const auto& c = params.crop;
            const int x0 = std::clamp(static_cast<int>(std::lround(c.x * fx)), 0, decoded.bgr.cols - 1);
            const int y0 = std::clamp(static_cast<int>(std::lround(c.y * fy)), 0, decoded.bgr.rows - 1);
            const int x1 =
                std::clamp(static_cast<int>(std::lround((c.x + c.width) * fx)), x0 + 1, decoded.bgr.cols);
            const int y1 =
                std::clamp(static_cast<int>(std::lround((c.y + c.height) * fy)), y0 + 1, decoded.bgr.rows);
            params.crop = cv::Rect(x0, y0, x1 - x0, y1 - y0);
        }
        return applyClassifyAugment(decoded.bgr, params, size);
    } catch (const ImageCodecError& error) {
        throw SampleDefect(where(path) + ": " + error.what());
    } catch (const std::bad_alloc&) {
        throw SampleDefect(where(path) + ": out of memory while decoding the image");
    }
}

}  // namespace graphlens::data
