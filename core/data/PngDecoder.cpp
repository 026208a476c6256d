#include "data/PngDecoder.h"

#include "data/PixelLimit.h"
#include "data/PngContext.h"

#include <csetjmp>

// The functions below run under a setjmp (PngContext.h says why): only PODs and references in them
// and in what they call, so the longjmp of a libpng error skips no destructor.
namespace graphlens::data {
namespace {

// The largest box k (8, 4, 2, else 1) whose reduced image still covers the requested size.
int pngReductionFactor(int width, int height, const DecodeRequest& request) {
    if (request.minWidth <= 0 && request.minHeight <= 0) return 1;
    for (int k : {8, 4, 2}) {
        if ((width + k - 1) / k >= request.minWidth && (height + k - 1) / k >= request.minHeight) return k;
    }
    return 1;
}

// The transformations cv::imread(IMREAD_COLOR) asks libpng for, so the pixels are identical: 8-bit
// BGR rows. Returns the number of interlace passes.
int requestBgrRows(png_structp png, png_infop info, int width) {
    const int bitDepth = png_get_bit_depth(png, info);
    const int colorType = png_get_color_type(png, info);
    if (bitDepth == 16) png_set_strip_16(png);  // high byte, as imgcodecs
    png_set_strip_alpha(png);
    if (colorType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if ((colorType & PNG_COLOR_MASK_COLOR) == 0 && bitDepth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (colorType & PNG_COLOR_MASK_COLOR) png_set_bgr(png);
    else png_set_gray_to_rgb(png);
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != static_cast<png_size_t>(width) * 3) png_error(png, "unexpected row layout after colour expansion");
    return passes;
}

// Reads every row into out.bgr, full size, non-interlaced or (passes > 1) interlaced, or, with k > 1,
// row by row into k x k box averages: the full-size image never exists.
void readBgrRows(PngContext& context, int passes, int k, DecodedImage& out) {
    png_structp png = context.png;
    const int height = out.sourceHeight;
    if (passes > 1) {
        // Interlaced (Adam7): every pass touches every row, so the whole image is the buffer.
        context.rowPointers.resize(static_cast<std::size_t>(height));
        for (int y = 0; y < height; ++y) context.rowPointers[static_cast<std::size_t>(y)] = out.bgr.ptr<png_byte>(y);
        out.allocatedBytes += context.rowPointers.size() * sizeof(png_bytep);
        png_read_image(png, context.rowPointers.data());
    } else if (k == 1) {
        for (int y = 0; y < height; ++y) png_read_row(png, out.bgr.ptr<png_byte>(y), nullptr);
    } else {
        out.allocatedBytes += context.boxes.reset(out.sourceWidth, k);
        for (int y = 0; y < height; ++y) {
            png_read_row(png, context.boxes.row(), nullptr);
            context.boxes.addRow(y, height, out.bgr);
        }
    }
}

// Returns false after a libpng error (message in context.error).
bool decodeBgrRows(PngContext& context, const DecodeRequest& request, DecodedImage& out) {
    png_structp png = context.png;
    png_infop info = context.info;
    if (setjmp(png_jmpbuf(png))) return false;
    png_read_info(png, info);
    const int width = static_cast<int>(png_get_image_width(png, info));
    const int height = static_cast<int>(png_get_image_height(png, info));
    out.sourceWidth = width;
    out.sourceHeight = height;
    checkPixelLimit(width, height, request);  // throws: no libpng call is in flight
    const int passes = requestBgrRows(png, info, width);
    const int k = passes == 1 ? pngReductionFactor(width, height, request) : 1;
    out.scaleNum = 1;
    out.scaleDenom = k;
    out.bgr.create((height + k - 1) / k, (width + k - 1) / k, CV_8UC3);
    out.allocatedBytes = out.bgr.total() * out.bgr.elemSize();
    readBgrRows(context, passes, k, out);
    png_read_end(png, nullptr);
    return true;
}

// Label maps: one 8-bit value per pixel as stored (grey level or palette index), no expansion.
// Returns false after a libpng error (message in context.error).
bool decodeIndexRows(PngContext& context, cv::Mat& out) {
    png_structp png = context.png;
    png_infop info = context.info;
    if (setjmp(png_jmpbuf(png))) return false;
    png_read_info(png, info);
    const int width = static_cast<int>(png_get_image_width(png, info));
    const int height = static_cast<int>(png_get_image_height(png, info));
    const int bitDepth = png_get_bit_depth(png, info);
    const int colorType = png_get_color_type(png, info);
    if (colorType != PNG_COLOR_TYPE_GRAY && colorType != PNG_COLOR_TYPE_PALETTE && colorType != PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_error(png, "a colour image, not a label map (expected a single-channel grey or palette PNG of class indices)");
    }
    if (bitDepth == 16) png_error(png, "16-bit samples (expected 8-bit class indices)");
    if (colorType == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_strip_alpha(png);
    if (bitDepth < 8) png_set_packing(png);  // one byte per value, the value itself (no rescaling)
    png_set_interlace_handling(png);         // png_read_image runs every interlace pass
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != static_cast<png_size_t>(width)) png_error(png, "unexpected row layout of a label map");
    out.create(height, width, CV_8UC1);
    context.rowPointers.resize(static_cast<std::size_t>(height));
    for (int y = 0; y < height; ++y) context.rowPointers[static_cast<std::size_t>(y)] = out.ptr<png_byte>(y);
    png_read_image(png, context.rowPointers.data());
    png_read_end(png, nullptr);
    return true;
}

}  // namespace

DecodedImage decodePng(std::span<const std::uint8_t> data, const DecodeRequest& request) {
    const auto header = readImageHeader(data);  // IHDR: the limit applies before libpng reads further
    checkPixelLimit(header.width, header.height, request);
    PngContext context;
    context.startReading(data);
    DecodedImage out;
    if (!decodeBgrRows(context, request, out)) throw ImageCodecError("PNG data cannot be decoded (libpng: " + context.error + ")");
    out.warnings = std::move(context.warnings);
    return out;
}

cv::Mat decodePngIndices(std::span<const std::uint8_t> data, std::int64_t maxPixels) {
    const auto header = readImageHeader(data);
    if (header.format != ImageFormat::Png) {
        throw ImageCodecError(std::string("a ") + imageFormatName(header.format) + " file (expected a PNG label map)");
    }
    DecodeRequest limit;
    limit.maxPixels = maxPixels;
    checkPixelLimit(header.width, header.height, limit);
    PngContext context;
    context.startReading(data);
    cv::Mat out;
    if (!decodeIndexRows(context, out)) throw ImageCodecError("PNG label map cannot be decoded (libpng: " + context.error + ")");
    return out;
}

}  // namespace graphlens::data
