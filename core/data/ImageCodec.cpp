// The codec's front door: format sniffing, headers, dispatch to the per-format decoders
// (JpegCodec.cpp, PngDecoder.cpp; PngEncoder.cpp writes PNG), and whole-file I/O.
#include "data/ImageCodec.h"

#include "data/JpegCodec.h"
#include "data/PngDecoder.h"
#include "data/RegularFile.h"

#include <algorithm>
#include <fstream>

namespace graphlens::data {
namespace {

bool startsWith(std::span<const std::uint8_t> data, std::initializer_list<std::uint8_t> magic, std::size_t at = 0) {
    if (data.size() < at + magic.size()) return false;
    return std::equal(magic.begin(), magic.end(), data.begin() + static_cast<std::ptrdiff_t>(at));
}

// Signature, then the IHDR chunk: length 13, "IHDR", width, height (big-endian).
ImageHeader readPngHeader(std::span<const std::uint8_t> data) {
    if (data.size() < 24 || !startsWith(data, {'I', 'H', 'D', 'R'}, 12)) throw ImageCodecError("PNG header (IHDR) missing or truncated");
    auto be32 = [&](std::size_t at) {
        return (std::uint32_t{data[at]} << 24) | (std::uint32_t{data[at + 1]} << 16) | (std::uint32_t{data[at + 2]} << 8) | data[at + 3];
    };
    const std::uint32_t width = be32(16), height = be32(20);
    if (width == 0 || height == 0 || width > 0x7fffffffU || height > 0x7fffffffU) throw ImageCodecError("PNG header gives an invalid size");
    return ImageHeader{ImageFormat::Png, static_cast<int>(width), static_cast<int>(height)};
}

ImageCodecError unsupportedFormat(ImageFormat format) {
    return ImageCodecError(format == ImageFormat::Unknown
                               ? "not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)"
                               : std::string(imageFormatName(format)) + " image data is not supported (expected JPEG or PNG)");
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
    const ImageFormat format = sniffImageFormat(data);
    if (format == ImageFormat::Jpeg) return readJpegHeader(data);
    if (format == ImageFormat::Png) return readPngHeader(data);
    throw unsupportedFormat(format);
}

DecodedImage decodeImageBytes(std::span<const std::uint8_t> data, const DecodeRequest& request) {
    if (data.empty()) throw ImageCodecError("empty file (expected image data)");
    const ImageFormat format = sniffImageFormat(data);
    if (format == ImageFormat::Jpeg) return decodeJpeg(data, request);
    if (format == ImageFormat::Png) return decodePng(data, request);
    throw unsupportedFormat(format);
}

std::vector<std::uint8_t> readFileBytes(const std::string& path) {
    if (const auto problem = regularFileProblem(path, kMaxImageFileBytes, "an image file")) throw ImageCodecError(*problem);
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

}  // namespace graphlens::data
