#pragma once
// The PNG decoding half of ImageCodec (libpng): what ImageCodec.cpp dispatches to. decodePngIndices
// (declared in ImageCodec.h) is defined in PngDecoder.cpp too; the encoder is PngEncoder.cpp.
#include "data/ImageCodec.h"

#include <cstdint>
#include <span>

namespace graphlens::data {

// Pixels as cv::imread(IMREAD_COLOR) makes them; a non-interlaced PNG read row by row into k x k box
// averages when the request allows k = 2, 4 or 8.
DecodedImage decodePng(std::span<const std::uint8_t> data, const DecodeRequest& request);

}  // namespace graphlens::data
