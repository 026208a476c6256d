#pragma once
// The pixel limit every decoder applies to a header's size, before any pixel buffer exists.
#include "data/ImageCodec.h"

#include <cstdint>
#include <string>

namespace graphlens::data {

// Throws ImageCodecError for an empty size or one above request.maxPixels.
inline void checkPixelLimit(int width, int height, const DecodeRequest& request) {
    if (width <= 0 || height <= 0) throw ImageCodecError("image header gives an empty size " + std::to_string(width) + "x" + std::to_string(height));
    const std::int64_t pixels = static_cast<std::int64_t>(width) * height;
    if (pixels > request.maxPixels) {
        throw ImageCodecError(std::to_string(width) + "x" + std::to_string(height) + " = " + std::to_string(pixels) +
                              " pixels is over the limit of " + std::to_string(request.maxPixels) +
                              " pixels (a decompression bomb or a scan too large to train on; refused before decoding)");
    }
}

}  // namespace graphlens::data
