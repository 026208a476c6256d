#pragma once
// The one image codec of GraphLens, on every machine (the GPU bundle included): JPEG through
// libjpeg-turbo's TurboJPEG API, PNG through libpng; OpenCV core/imgproc only for the pixels after.
// No imgcodecs (Debian's pulls ~180 MB of GDAL and friends).
//
// Decoding reads the header first and never allocates more than the request needs:
//  - images above maxPixels (default kMaxImagePixels) are refused before any pixel buffer exists;
//  - with a minimum size (the letterbox/crop target), JPEG decodes at the smallest TurboJPEG scaling
//    factor (1/8 .. 7/8) whose result still covers it, and non-interlaced PNG is read row by row into
//    a k x k box-averaged image (k = 2, 4 or 8) under the same rule;
//  - libjpeg/libpng messages never reach stderr: errors become the ImageCodecError text; libjpeg
//    warnings (corrupt or truncated entropy data: damaged pixels) are errors too; libpng warnings
//    (ancillary chunks such as a bad iCCP profile: the pixels are fine) are returned in warnings.
// Pixels match OpenCV's cv::imdecode(IMREAD_COLOR) at full scale: 8-bit BGR; grey replicated; alpha
// dropped; palette expanded; 16-bit reduced to its high byte (>> 8); CMYK/YCCK JPEG converted with
// imgcodecs' own formula (see tests/unit/data/DecodeVsOpenCvTest.cpp for the comparison).
// Where: ImageCodec.cpp (sniffing, headers, dispatch, file I/O), JpegCodec.cpp (TurboJPEG decode and
// encode, jpegEndOffset), PngDecoder.cpp and PngEncoder.cpp over PngContext.h (libpng's error path).
#include <opencv2/core/mat.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace graphlens::data {

// Pillow's decompression-bomb error limit (2 x Image.MAX_IMAGE_PIXELS = 2 x 89,478,485): larger
// images are refused from their header, before any pixel is decoded.
constexpr std::int64_t kMaxImagePixels = 178'956'970;

// What went wrong, without the file name (callers add where()).
class ImageCodecError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class ImageFormat { Unknown, Jpeg, Png, Bmp, Tiff, Webp, Gif };
// From the file signature (the first 12 bytes are enough).
ImageFormat sniffImageFormat(std::span<const std::uint8_t> head);
const char* imageFormatName(ImageFormat format);

struct ImageHeader {
    ImageFormat format = ImageFormat::Unknown;
    int width = 0, height = 0;
};
// Parses only the header (JPEG markers up to the frame header, PNG IHDR). Throws ImageCodecError.
ImageHeader readImageHeader(std::span<const std::uint8_t> data);

struct DecodeRequest {
    int minWidth = 0, minHeight = 0;  // 0: full size; otherwise the result covers at least this size
    std::int64_t maxPixels = kMaxImagePixels;
};

struct DecodedImage {
    cv::Mat bgr;  // CV_8UC3
    int sourceWidth = 0, sourceHeight = 0;
    int scaleNum = 1, scaleDenom = 1;  // bgr is the source scaled by about scaleNum/scaleDenom
    std::size_t allocatedBytes = 0;    // pixel and row buffers this decoder allocated
    std::vector<std::string> warnings;
};
// JPEG or PNG bytes -> BGR. Throws ImageCodecError naming the cause (libjpeg/libpng text included).
DecodedImage decodeImageBytes(std::span<const std::uint8_t> data, const DecodeRequest& request = {});

// A PNG label map (segmentation masks) -> CV_8UC1 holding each pixel's stored value: the grey level
// of an 8-bit (or 1/2/4-bit, unscaled) grey PNG, or the palette index of a palette PNG (VOC-style masks),
// alpha dropped. Throws ImageCodecError for another format, a colour or 16-bit PNG, or damaged data.
cv::Mat decodePngIndices(std::span<const std::uint8_t> data, std::int64_t maxPixels = kMaxImagePixels);

// Encoding for the built-in dataset and test fixtures.
struct JpegEncodeOptions {
    enum class Subsampling { S444, S422, S420, Gray };
    int quality = 90;
    Subsampling subsampling = Subsampling::S420;
    bool progressive = false;
};
// image: CV_8UC3 BGR, CV_8UC1 grey, or CV_8UC4 CMYK (written as an Adobe CMYK JPEG).
std::vector<std::uint8_t> encodeJpeg(const cv::Mat& image, const JpegEncodeOptions& options = {});

// image: CV_8U or CV_16U with 1 (grey), 2 (grey + alpha), 3 (BGR) or 4 (BGRA) channels; or, with a
// palette (RGB entries, at most 256), CV_8UC1 indices.
std::vector<std::uint8_t> encodePng(const cv::Mat& image, const std::vector<cv::Vec3b>& paletteRgb = {});

// Whole-file helpers.
std::vector<std::uint8_t> readFileBytes(const std::string& path);  // throws ImageCodecError
void writeFileBytes(const std::string& path, std::span<const std::uint8_t> bytes);  // throws ImageCodecError

// JPEG structure walk without decoding: the offset just past the first end-of-image marker that
// follows the last scan, or 0 when the data ends first (truncated). Bytes after it are a trailer.
std::size_t jpegEndOffset(std::span<const std::uint8_t> data);

}  // namespace graphlens::data
