#include "data/ImageCodec.h"

#include <png.h>
#include <turbojpeg.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>

namespace graphlens::data {
namespace {

bool startsWith(std::span<const std::uint8_t> data, std::initializer_list<std::uint8_t> magic, std::size_t at = 0) {
    if (data.size() < at + magic.size()) return false;
    return std::equal(magic.begin(), magic.end(), data.begin() + static_cast<std::ptrdiff_t>(at));
}

void checkPixelLimit(int width, int height, const DecodeRequest& request) {
    if (width <= 0 || height <= 0) throw ImageCodecError("image header gives an empty size " + std::to_string(width) + "x" + std::to_string(height));
    const std::int64_t pixels = static_cast<std::int64_t>(width) * height;
    if (pixels > request.maxPixels) {
        throw ImageCodecError(std::to_string(width) + "x" + std::to_string(height) + " = " + std::to_string(pixels) +
                              " pixels is over the limit of " + std::to_string(request.maxPixels) +
                              " pixels (a decompression bomb or a scan too large to train on; refused before decoding)");
    }
}

// ---- JPEG (TurboJPEG) ------------------------------------------------------------------------

struct TjHandle {
    tjhandle handle;
    explicit TjHandle(tjhandle h) : handle(h) {
        if (!handle) throw ImageCodecError(std::string("TurboJPEG could not start: ") + tjGetErrorStr2(nullptr));
    }
    ~TjHandle() { tjDestroy(handle); }
    TjHandle(const TjHandle&) = delete;
    TjHandle& operator=(const TjHandle&) = delete;
    std::string error() const { return std::string("libjpeg: ") + tjGetErrorStr2(handle); }
};

struct JpegInfo {
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
};

JpegInfo jpegHeader(const TjHandle& tj, std::span<const std::uint8_t> data) {
    JpegInfo info;
    if (tjDecompressHeader3(tj.handle, data.data(), static_cast<unsigned long>(data.size()), &info.width, &info.height,
                            &info.subsampling, &info.colorspace) != 0) {
        throw ImageCodecError("JPEG header cannot be read (" + tj.error() + ")");
    }
    return info;
}

// The smallest TurboJPEG factor <= 1 whose result still covers the requested size.
tjscalingfactor jpegScale(int width, int height, const DecodeRequest& request) {
    tjscalingfactor best{1, 1};
    if (request.minWidth <= 0 && request.minHeight <= 0) return best;
    int count = 0;
    const tjscalingfactor* factors = tjGetScalingFactors(&count);
    for (int i = 0; factors && i < count; ++i) {
        const auto f = factors[i];
        if (f.num >= f.denom) continue;
        if (TJSCALED(width, f) < request.minWidth || TJSCALED(height, f) < request.minHeight) continue;
        if (static_cast<long long>(f.num) * best.denom < static_cast<long long>(best.num) * f.denom) best = f;
    }
    return best;
}

// imgcodecs' icvCvt_CMYK2BGR_8u_C4C3R (libjpeg hands out Adobe's inverted CMYK), so CMYK JPEGs come
// out exactly as cv::imread makes them.
void cmykToBgr(const cv::Mat& cmyk, cv::Mat& bgr) {
    for (int y = 0; y < cmyk.rows; ++y) {
        const std::uint8_t* in = cmyk.ptr<std::uint8_t>(y);
        std::uint8_t* out = bgr.ptr<std::uint8_t>(y);
        for (int x = 0; x < cmyk.cols; ++x, in += 4, out += 3) {
            const int k = in[3];
            out[2] = static_cast<std::uint8_t>(k - ((255 - in[0]) * k >> 8));
            out[1] = static_cast<std::uint8_t>(k - ((255 - in[1]) * k >> 8));
            out[0] = static_cast<std::uint8_t>(k - ((255 - in[2]) * k >> 8));
        }
    }
}

DecodedImage decodeJpeg(std::span<const std::uint8_t> data, const DecodeRequest& request) {
    TjHandle tj(tjInitDecompress());
    const auto info = jpegHeader(tj, data);
    checkPixelLimit(info.width, info.height, request);
    const auto scale = jpegScale(info.width, info.height, request);
    DecodedImage out;
    out.sourceWidth = info.width;
    out.sourceHeight = info.height;
    out.scaleNum = scale.num;
    out.scaleDenom = scale.denom;
    const int width = TJSCALED(info.width, scale), height = TJSCALED(info.height, scale);
    // Any libjpeg warning (corrupt entropy data, premature end) means damaged pixels: an error here.
    const int flags = TJFLAG_STOPONWARNING;
    const bool cmyk = info.colorspace == TJCS_CMYK || info.colorspace == TJCS_YCCK;
    out.bgr.create(height, width, CV_8UC3);
    out.allocatedBytes = out.bgr.total() * out.bgr.elemSize();
    if (cmyk) {
        cv::Mat cmykPixels(height, width, CV_8UC4);
        out.allocatedBytes += cmykPixels.total() * cmykPixels.elemSize();
        if (tjDecompress2(tj.handle, data.data(), static_cast<unsigned long>(data.size()), cmykPixels.data, width,
                          static_cast<int>(cmykPixels.step), height, TJPF_CMYK, flags) != 0) {
            throw ImageCodecError("JPEG data cannot be decoded (" + tj.error() + ")");
        }
        cmykToBgr(cmykPixels, out.bgr);
    } else if (tjDecompress2(tj.handle, data.data(), static_cast<unsigned long>(data.size()), out.bgr.data, width,
                             static_cast<int>(out.bgr.step), height, TJPF_BGR, flags) != 0) {
        throw ImageCodecError("JPEG data cannot be decoded (" + tj.error() + ")");
    }
    return out;
}

// ---- PNG (libpng) ----------------------------------------------------------------------------

constexpr std::uint8_t kPngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

// Everything the libpng callbacks and the setjmp'd reader touch lives here, outside the frame that
// longjmp unwinds, so no C++ destructor is ever skipped.
struct PngContext {
    std::span<const std::uint8_t> data;
    std::size_t position = 0;
    std::string error;
    std::vector<std::string> warnings;
    std::vector<std::uint8_t> row;         // one decoded row (box reduction)
    std::vector<std::uint32_t> sums;       // box sums of one output row
    std::vector<png_bytep> rowPointers;    // interlaced images
    png_structp png = nullptr;
    png_infop info = nullptr;
    bool writing = false;
    std::vector<std::uint8_t>* output = nullptr;  // encoder

    ~PngContext() {
        if (writing) png_destroy_write_struct(&png, info ? &info : nullptr);
        else if (png) png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
    }
};

void pngError(png_structp png, png_const_charp message) {
    auto* context = static_cast<PngContext*>(png_get_error_ptr(png));
    try {
        context->error = message ? message : "unknown error";
    } catch (...) {
    }
    png_longjmp(png, 1);
}

void pngWarning(png_structp png, png_const_charp message) {
    auto* context = static_cast<PngContext*>(png_get_error_ptr(png));
    try {
        if (context->warnings.size() < 16) context->warnings.push_back(std::string("libpng warning: ") + (message ? message : ""));
    } catch (...) {
    }
}

void pngRead(png_structp png, png_bytep out, png_size_t length) {
    auto* context = static_cast<PngContext*>(png_get_io_ptr(png));
    if (length > context->data.size() - context->position) {
        png_error(png, "truncated PNG data (the file ends before the image does)");
    }
    std::memcpy(out, context->data.data() + context->position, length);
    context->position += length;
}

void pngWrite(png_structp png, png_bytep in, png_size_t length) {
    auto* context = static_cast<PngContext*>(png_get_io_ptr(png));
    try {
        context->output->insert(context->output->end(), in, in + length);
    } catch (...) {
        png_error(png, "out of memory while writing PNG data");
    }
}

void pngFlush(png_structp) {}

int pngFactor(int width, int height, const DecodeRequest& request) {
    if (request.minWidth <= 0 && request.minHeight <= 0) return 1;
    for (int k : {8, 4, 2}) {
        if ((width + k - 1) / k >= request.minWidth && (height + k - 1) / k >= request.minHeight) return k;
    }
    return 1;
}

// Returns false after a libpng error (message in context.error). Only PODs and references here.
bool pngDecodeRows(PngContext& context, const DecodeRequest& request, DecodedImage& out) {
    png_structp png = context.png;
    png_infop info = context.info;
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_read_fn(png, &context, pngRead);
    png_read_info(png, info);
    const int width = static_cast<int>(png_get_image_width(png, info));
    const int height = static_cast<int>(png_get_image_height(png, info));
    const int bitDepth = png_get_bit_depth(png, info);
    const int colorType = png_get_color_type(png, info);
    out.sourceWidth = width;
    out.sourceHeight = height;
    checkPixelLimit(width, height, request);  // throws: no libpng call is in flight
    // The transformations cv::imread(IMREAD_COLOR) asks libpng for, so the pixels are identical.
    if (bitDepth == 16) png_set_strip_16(png);  // high byte, as imgcodecs
    png_set_strip_alpha(png);
    if (colorType == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if ((colorType & PNG_COLOR_MASK_COLOR) == 0 && bitDepth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (colorType & PNG_COLOR_MASK_COLOR) png_set_bgr(png);
    else png_set_gray_to_rgb(png);
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != static_cast<png_size_t>(width) * 3) png_error(png, "unexpected row layout after colour expansion");

    const int k = passes == 1 ? pngFactor(width, height, request) : 1;
    out.scaleNum = 1;
    out.scaleDenom = k;
    const int outWidth = (width + k - 1) / k, outHeight = (height + k - 1) / k;
    out.bgr.create(outHeight, outWidth, CV_8UC3);
    out.allocatedBytes = out.bgr.total() * out.bgr.elemSize();
    if (passes > 1) {
        // Interlaced (Adam7): every pass touches every row, so the whole image is the buffer.
        context.rowPointers.resize(static_cast<std::size_t>(height));
        for (int y = 0; y < height; ++y) context.rowPointers[static_cast<std::size_t>(y)] = out.bgr.ptr<png_byte>(y);
        out.allocatedBytes += context.rowPointers.size() * sizeof(png_bytep);
        png_read_image(png, context.rowPointers.data());
    } else if (k == 1) {
        for (int y = 0; y < height; ++y) png_read_row(png, out.bgr.ptr<png_byte>(y), nullptr);
    } else {
        // Row by row into k x k box averages: the full-size image never exists.
        context.row.resize(static_cast<std::size_t>(width) * 3);
        context.sums.assign(static_cast<std::size_t>(outWidth) * 3, 0);
        out.allocatedBytes += context.row.size() + context.sums.size() * sizeof(std::uint32_t);
        for (int y = 0; y < height; ++y) {
            png_read_row(png, context.row.data(), nullptr);
            for (int x = 0; x < width; ++x) {
                for (int c = 0; c < 3; ++c) context.sums[static_cast<std::size_t>(x / k) * 3 + c] += context.row[static_cast<std::size_t>(x) * 3 + c];
            }
            if ((y + 1) % k == 0 || y + 1 == height) {
                const int rows = y % k + 1;
                std::uint8_t* target = out.bgr.ptr<std::uint8_t>(y / k);
                for (int ox = 0; ox < outWidth; ++ox) {
                    const std::uint32_t n = static_cast<std::uint32_t>(rows * std::min(k, width - ox * k));
                    for (int c = 0; c < 3; ++c) {
                        auto& sum = context.sums[static_cast<std::size_t>(ox) * 3 + c];
                        target[ox * 3 + c] = static_cast<std::uint8_t>((sum + n / 2) / n);
                        sum = 0;
                    }
                }
            }
        }
    }
    png_read_end(png, nullptr);
    return true;
}

DecodedImage decodePng(std::span<const std::uint8_t> data, const DecodeRequest& request) {
    const auto header = readImageHeader(data);  // IHDR: the limit applies before libpng reads further
    checkPixelLimit(header.width, header.height, request);
    PngContext context;
    context.data = data;
    context.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, pngError, pngWarning);
    if (!context.png) throw ImageCodecError("libpng could not start");
    context.info = png_create_info_struct(context.png);
    if (!context.info) throw ImageCodecError("libpng could not start");
    png_set_user_limits(context.png, 0x7fffffff, 0x7fffffff);  // our own pixel limit applies instead
    DecodedImage out;
    if (!pngDecodeRows(context, request, out)) throw ImageCodecError("PNG data cannot be decoded (libpng: " + context.error + ")");
    out.warnings = std::move(context.warnings);
    return out;
}

// Label maps: one 8-bit value per pixel as stored (grey level or palette index), no expansion.
// Returns false after a libpng error (message in context.error). Only PODs and references here.
bool pngDecodeIndexRows(PngContext& context, cv::Mat& out) {
    png_structp png = context.png;
    png_infop info = context.info;
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_read_fn(png, &context, pngRead);
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
    const int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != static_cast<png_size_t>(width)) png_error(png, "unexpected row layout of a label map");
    out.create(height, width, CV_8UC1);
    context.rowPointers.resize(static_cast<std::size_t>(height));
    for (int y = 0; y < height; ++y) context.rowPointers[static_cast<std::size_t>(y)] = out.ptr<png_byte>(y);
    (void)passes;  // png_read_image runs every interlace pass
    png_read_image(png, context.rowPointers.data());
    png_read_end(png, nullptr);
    return true;
}

bool pngEncodeRows(PngContext& context, const cv::Mat& image, const std::vector<cv::Vec3b>& palette) {
    png_structp png = context.png;
    png_infop info = context.info;
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_write_fn(png, &context, pngWrite, pngFlush);
    const int channels = image.channels();
    const int depth = image.depth() == CV_16U ? 16 : 8;
    int colorType = PNG_COLOR_TYPE_GRAY;
    if (!palette.empty()) colorType = PNG_COLOR_TYPE_PALETTE;
    else if (channels == 2) colorType = PNG_COLOR_TYPE_GRAY_ALPHA;
    else if (channels == 3) colorType = PNG_COLOR_TYPE_RGB;
    else if (channels == 4) colorType = PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, static_cast<png_uint_32>(image.cols), static_cast<png_uint_32>(image.rows), depth, colorType,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (!palette.empty()) {
        std::vector<png_color> entries;  // png_set_PLTE copies it before returning
        for (const auto& c : palette) entries.push_back({c[0], c[1], c[2]});
        png_set_PLTE(png, info, entries.data(), static_cast<int>(entries.size()));
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

ImageFormat sniffImageFormat(std::span<const std::uint8_t> head) {
    if (startsWith(head, {0xFF, 0xD8, 0xFF})) return ImageFormat::Jpeg;
    if (startsWith(head, {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})) return ImageFormat::Png;
    if (startsWith(head, {'B', 'M'})) return ImageFormat::Bmp;
    if (startsWith(head, {'I', 'I', 42, 0}) || startsWith(head, {'M', 'M', 0, 42})) return ImageFormat::Tiff;
    if (startsWith(head, {'R', 'I', 'F', 'F'}) && startsWith(head, {'W', 'E', 'B', 'P'}, 8)) return ImageFormat::Webp;
    if (startsWith(head, {'G', 'I', 'F', '8'})) return ImageFormat::Gif;
    return ImageFormat::Unknown;
}

const char* imageFormatName(ImageFormat format) {
    switch (format) {
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::Tiff: return "TIFF";
    case ImageFormat::Webp: return "WebP";
    case ImageFormat::Gif: return "GIF";
    case ImageFormat::Unknown: break;
    }
    return "unknown";
}

ImageHeader readImageHeader(std::span<const std::uint8_t> data) {
    ImageHeader header;
    header.format = sniffImageFormat(data);
    if (header.format == ImageFormat::Jpeg) {
        TjHandle tj(tjInitDecompress());
        const auto info = jpegHeader(tj, data);
        header.width = info.width;
        header.height = info.height;
    } else if (header.format == ImageFormat::Png) {
        // Signature, then the IHDR chunk: length 13, "IHDR", width, height (big-endian).
        if (data.size() < 24 || !startsWith(data, {'I', 'H', 'D', 'R'}, 12)) throw ImageCodecError("PNG header (IHDR) missing or truncated");
        auto be32 = [&](std::size_t at) {
            return (std::uint32_t{data[at]} << 24) | (std::uint32_t{data[at + 1]} << 16) | (std::uint32_t{data[at + 2]} << 8) | data[at + 3];
        };
        const std::uint32_t width = be32(16), height = be32(20);
        if (width == 0 || height == 0 || width > 0x7fffffffU || height > 0x7fffffffU) throw ImageCodecError("PNG header gives an invalid size");
        header.width = static_cast<int>(width);
        header.height = static_cast<int>(height);
    } else {
        throw ImageCodecError(header.format == ImageFormat::Unknown
                                  ? "not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)"
                                  : std::string(imageFormatName(header.format)) + " image data is not supported (expected JPEG or PNG)");
    }
    return header;
}

DecodedImage decodeImageBytes(std::span<const std::uint8_t> data, const DecodeRequest& request) {
    if (data.empty()) throw ImageCodecError("empty file (expected image data)");
    switch (sniffImageFormat(data)) {
    case ImageFormat::Jpeg: return decodeJpeg(data, request);
    case ImageFormat::Png: return decodePng(data, request);
    case ImageFormat::Unknown: throw ImageCodecError("not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
    default: break;
    }
    throw ImageCodecError(std::string(imageFormatName(sniffImageFormat(data))) + " image data is not supported (expected JPEG or PNG)");
}

std::vector<std::uint8_t> encodeJpeg(const cv::Mat& image, const JpegEncodeOptions& options) {
    int pixelFormat = TJPF_BGR;
    if (image.type() == CV_8UC1) pixelFormat = TJPF_GRAY;
    else if (image.type() == CV_8UC4) pixelFormat = TJPF_CMYK;
    else if (image.type() != CV_8UC3) throw ImageCodecError("encodeJpeg needs an 8-bit image with 1, 3 or 4 channels");
    int subsampling = TJSAMP_420;
    switch (options.subsampling) {
    case JpegEncodeOptions::Subsampling::S444: subsampling = TJSAMP_444; break;
    case JpegEncodeOptions::Subsampling::S422: subsampling = TJSAMP_422; break;
    case JpegEncodeOptions::Subsampling::S420: subsampling = TJSAMP_420; break;
    case JpegEncodeOptions::Subsampling::Gray: subsampling = TJSAMP_GRAY; break;
    }
    if (pixelFormat == TJPF_GRAY) subsampling = TJSAMP_GRAY;
    // Accurate (islow) DCT, libjpeg's and imgcodecs' default.
    const int flags = TJFLAG_ACCURATEDCT | (options.progressive ? TJFLAG_PROGRESSIVE : 0);
    TjHandle tj(tjInitCompress());
    unsigned char* buffer = nullptr;
    unsigned long size = 0;
    const int rc = tjCompress2(tj.handle, image.data, image.cols, static_cast<int>(image.step), image.rows, pixelFormat, &buffer,
                               &size, subsampling, options.quality, flags);
    std::unique_ptr<unsigned char, void (*)(unsigned char*)> owned(buffer, tjFree);
    if (rc != 0) throw ImageCodecError("JPEG cannot be encoded (" + tj.error() + ")");
    return {buffer, buffer + size};
}

std::vector<std::uint8_t> encodePng(const cv::Mat& image, const std::vector<cv::Vec3b>& paletteRgb) {
    const bool indexed = !paletteRgb.empty();
    if (indexed && (image.type() != CV_8UC1 || paletteRgb.size() > 256)) throw ImageCodecError("encodePng: a palette needs CV_8UC1 indices and at most 256 entries");
    if ((image.depth() != CV_8U && image.depth() != CV_16U) || image.channels() < 1 || image.channels() > 4 || image.empty()) {
        throw ImageCodecError("encodePng needs a non-empty 8- or 16-bit image with 1 to 4 channels");
    }
    std::vector<std::uint8_t> bytes;
    PngContext context;
    context.writing = true;
    context.output = &bytes;
    context.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, pngError, pngWarning);
    if (!context.png) throw ImageCodecError("libpng could not start");
    context.info = png_create_info_struct(context.png);
    if (!context.info) throw ImageCodecError("libpng could not start");
    if (!pngEncodeRows(context, image, paletteRgb)) throw ImageCodecError("PNG cannot be encoded (libpng: " + context.error + ")");
    return bytes;
}

std::vector<std::uint8_t> readFileBytes(const std::string& path) {
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) throw ImageCodecError("cannot be read (expected a readable image file)");
    const auto size = static_cast<std::streamoff>(file.tellg());
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(std::max<std::streamoff>(size, 0)));
    file.seekg(0);
    if (!bytes.empty() && !file.read(reinterpret_cast<char*>(bytes.data()), size)) throw ImageCodecError("cannot be read (I/O error)");
    return bytes;
}

void writeFileBytes(const std::string& path, std::span<const std::uint8_t> bytes) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!file.flush()) throw ImageCodecError("could not be written");
}

std::size_t jpegEndOffset(std::span<const std::uint8_t> data) {
    const std::size_t n = data.size();
    if (n < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    std::size_t i = 2;
    while (true) {
        // Next marker: skip stray bytes (libjpeg warns and carries on) and fill bytes.
        while (i < n && data[i] != 0xFF) ++i;
        while (i < n && data[i] == 0xFF) ++i;
        if (i >= n) return 0;
        const std::uint8_t marker = data[i++];
        if (marker == 0xD9) return i;
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x00) continue;  // no length
        if (i + 2 > n) return 0;
        const std::size_t length = (std::size_t{data[i]} << 8) | data[i + 1];
        if (length < 2 || i + length > n) return 0;
        i += length;
        if (marker != 0xDA) continue;
        // Entropy-coded data after start-of-scan: ends at the first marker other than a stuffed
        // 0xFF00 or a restart marker.
        while (true) {
            const void* found = std::memchr(data.data() + i, 0xFF, n - i);
            if (!found) return 0;
            i = static_cast<std::size_t>(static_cast<const std::uint8_t*>(found) - data.data());
            if (i + 1 >= n) return 0;
            const std::uint8_t next = data[i + 1];
            if (next == 0x00 || (next >= 0xD0 && next <= 0xD7)) {
                i += 2;
            } else if (next == 0xFF) {
                ++i;
            } else {
                break;  // a marker at i
            }
        }
    }
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
    context.data = data;
    context.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, pngError, pngWarning);
    if (!context.png) throw ImageCodecError("libpng could not start");
    context.info = png_create_info_struct(context.png);
    if (!context.info) throw ImageCodecError("libpng could not start");
    png_set_user_limits(context.png, 0x7fffffff, 0x7fffffff);
    cv::Mat out;
    if (!pngDecodeIndexRows(context, out)) throw ImageCodecError("PNG label map cannot be decoded (libpng: " + context.error + ")");
    return out;
}

}  // namespace graphlens::data
