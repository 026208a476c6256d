// encodePng (declared in ImageCodec.h): libpng, for the built-in dataset and test fixtures.
#include "data/ImageCodec.h"
#include "data/PngContext.h"

#include <csetjmp>

namespace graphlens::data {
namespace {

int pngColorType(int channels, bool indexed) {
    if (indexed) return PNG_COLOR_TYPE_PALETTE;
    if (channels == 2) return PNG_COLOR_TYPE_GRAY_ALPHA;
    if (channels == 3) return PNG_COLOR_TYPE_RGB;
    if (channels == 4) return PNG_COLOR_TYPE_RGB_ALPHA;
    return PNG_COLOR_TYPE_GRAY;
}

// Returns false after a libpng error (message in context.error). Runs under a setjmp (PngContext.h):
// the palette's entries are copied into a plain array, not a vector, for that reason.
bool encodeRows(PngContext& context, const cv::Mat& image, const std::vector<cv::Vec3b>& palette) {
    png_structp png = context.png;
    png_infop info = context.info;
    if (setjmp(png_jmpbuf(png))) return false;
    const int channels = image.channels();
    const int depth = image.depth() == CV_16U ? 16 : 8;
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.cols), static_cast<png_uint_32>(image.rows), depth,
                 pngColorType(channels, !palette.empty()), PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (!palette.empty()) {
        png_color entries[256];  // png_set_PLTE copies it before returning
        for (std::size_t i = 0; i < palette.size(); ++i) entries[i] = {palette[i][0], palette[i][1], palette[i][2]};
        png_set_PLTE(png, info, entries, static_cast<int>(palette.size()));
    }
    png_set_compression_level(png, 3);
    png_write_info(png, info);
    if (channels >= 3) png_set_bgr(png);
    if (depth == 16) png_set_swap(png);  // PNG stores 16-bit samples big-endian
    for (int y = 0; y < image.rows; ++y) png_write_row(png, image.ptr<png_byte>(y));
    png_write_end(png, nullptr);
    return true;
}

}  // namespace

std::vector<std::uint8_t> encodePng(const cv::Mat& image, const std::vector<cv::Vec3b>& paletteRgb) {
    const bool indexed = !paletteRgb.empty();
    if (indexed && (image.type() != CV_8UC1 || paletteRgb.size() > 256)) throw ImageCodecError("encodePng: a palette needs CV_8UC1 indices and at most 256 entries");
    if ((image.depth() != CV_8U && image.depth() != CV_16U) || image.channels() < 1 || image.channels() > 4 || image.empty()) {
        throw ImageCodecError("encodePng needs a non-empty 8- or 16-bit image with 1 to 4 channels");
    }
    std::vector<std::uint8_t> bytes;
    PngContext context;
    context.startWriting(bytes);
    if (!encodeRows(context, image, paletteRgb)) throw ImageCodecError("PNG cannot be encoded (libpng: " + context.error + ")");
    return bytes;
}

}  // namespace graphlens::data
