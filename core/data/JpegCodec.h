#pragma once
// The JPEG half of ImageCodec (TurboJPEG): what ImageCodec.cpp dispatches to. encodeJpeg and
// jpegEndOffset (declared in ImageCodec.h) are defined in JpegCodec.cpp too.
#include "data/ImageCodec.h"

#include <cstdint>
#include <span>

namespace graphlens::data {

// Width and height from the frame header. Throws ImageCodecError.
ImageHeader readJpegHeader(std::span<const std::uint8_t> data);

// At the smallest TurboJPEG scale that still covers the request; CMYK/YCCK converted as imgcodecs does.
DecodedImage decodeJpeg(std::span<const std::uint8_t> data, const DecodeRequest& request);

}  // namespace graphlens::data
