#pragma once
// Test-only fixture generator for the decoder tests: every JPEG/PNG variant the decoder must get
// right, written with the product encoder (TurboJPEG, libpng) from known pixels, in memory.
#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace graphlens::testing {

struct ImageFixture {
    std::string name;                 // e.g. "jpeg-progressive-420", also a file stem
    std::string extension;            // ".jpg" or ".png"
    std::vector<std::uint8_t> bytes;  // the encoded file
    cv::Mat expectedBgr;              // lossless formats: the exact BGR the decoder must return; else empty
};

// Deterministic BGR test pattern: gradients, hard edges and noise (exercises IDCT and upsampling).
cv::Mat patternBgr(int width, int height, int seed = 1);

// Baseline 4:2:0 / 4:4:4 / 4:2:2, progressive, CMYK and greyscale JPEGs; 8-bit RGB, RGBA, 16-bit RGB,
// 16-bit grey, palette and grey+alpha PNGs. Odd sizes, so MCUs and rows do not line up.
std::vector<ImageFixture> decoderFixtures(int width = 123, int height = 77);

// A PNG header (signature + IHDR with a valid CRC, then IEND) announcing width x height, with no
// pixel data at all: for "refused from the header" tests.
std::vector<std::uint8_t> pngHeaderOnly(std::uint32_t width, std::uint32_t height);

}  // namespace graphlens::testing
