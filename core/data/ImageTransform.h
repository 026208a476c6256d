#pragma once
// Decode and resize: letterbox (detection: keep the aspect ratio, pad with grey 114 like YOLO tools)
// or resize + center crop (classification), then RGB uint8 CHW for the tensor.
#include "data/Box.h"
#include "data/DatasetError.h"
#include "data/ImageCodec.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <filesystem>
#include <span>

namespace graphlens::data {

constexpr int kLetterboxGrey = 114;

// 8-bit, 3-channel BGR at full size (data/ImageCodec.h: TurboJPEG and libpng, pixels as
// cv::imread(IMREAD_COLOR) gives them); throws SampleDefect naming the file when it cannot be decoded,
// is over the pixel limit (kMaxImagePixels), or libjpeg reports damaged data.
cv::Mat decodeImage(const std::filesystem::path& path);
// The same with a minimum size (scaled decode) and a sink for libpng's warnings about the file
// (without one they are dropped; they never reach stderr).
DecodedImage decodeImage(const std::filesystem::path& path, const DecodeRequest& request, const WarningSink& warnings = {});

// Where an image of srcWidth x srcHeight lands inside the size x size letterbox.
struct LetterboxGeometry {
    int srcWidth = 0, srcHeight = 0, size = 0;
    int newWidth = 0, newHeight = 0;  // the resized image, before padding
    int padLeft = 0, padTop = 0;

    // Normalised to the source image <-> normalised to the letterbox.
    Box toLetterbox(const Box& box) const;
    Box fromLetterbox(const Box& box) const;
};

LetterboxGeometry letterboxGeometry(int srcWidth, int srcHeight, int size);
cv::Mat letterbox(const cv::Mat& image, int size, LetterboxGeometry* geometry = nullptr);

// Shorter side resized to size, then the central size x size square. The central square is cut from
// the source first, so a 1 x 20000 strip costs size x size, not size x 20000 * size.
cv::Mat resizeCenterCrop(const cv::Mat& image, int size);

// Decode straight to the target: the header gives the geometry (always from the full-size image, so
// boxes map exactly as with decodeImage + letterbox), the decoder scales down as far as the target
// allows, and the resize goes straight to the letterboxed size. Throws SampleDefect naming the file.
cv::Mat decodeLetterbox(const std::filesystem::path& path, int size, LetterboxGeometry* geometry = nullptr,
                        const WarningSink& warnings = {});
cv::Mat decodeCenterCrop(const std::filesystem::path& path, int size, const WarningSink& warnings = {});

// BGR HWC (CV_8UC3) -> RGB CHW into out (exactly 3 * rows * cols bytes).
void bgrToRgbChw(const cv::Mat& bgr, std::span<std::uint8_t> out);

}  // namespace graphlens::data
