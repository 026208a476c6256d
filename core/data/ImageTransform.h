#pragma once
// Decode and resize: letterbox (detection: keep the aspect ratio, pad with grey 114 like YOLO tools)
// or resize + center crop (classification), then RGB uint8 CHW for the tensor.
#include "data/Box.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <filesystem>
#include <span>

namespace graphlens::data {

constexpr int kLetterboxGrey = 114;

// 8-bit, 3-channel BGR; throws SampleDefect naming the file when OpenCV cannot decode it.
cv::Mat decodeImage(const std::filesystem::path& path);

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

// Shorter side resized to size, then the central size x size square.
cv::Mat resizeCenterCrop(const cv::Mat& image, int size);

// BGR HWC (CV_8UC3) -> RGB CHW into out (exactly 3 * rows * cols bytes).
void bgrToRgbChw(const cv::Mat& bgr, std::span<std::uint8_t> out);

}  // namespace graphlens::data
