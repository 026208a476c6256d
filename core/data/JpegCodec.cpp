#include "data/JpegCodec.h"

#include "data/PixelLimit.h"
#include "data/TurboJpegHandle.h"

#include <cstring>
#include <memory>

namespace graphlens::data {
namespace {

struct JpegInfo {
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
};

JpegInfo readJpegInfo(const TurboJpegHandle& tj, std::span<const std::uint8_t> data) {
    JpegInfo info;
    if (tjDecompressHeader3(tj.get(), data.data(), static_cast<unsigned long>(data.size()), &info.width, &info.height,
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

// Entropy-coded data after a start-of-scan at i: the offset of the first marker other than a stuffed
// 0xFF00 or a restart marker, or 0 when the data ends first.
std::size_t endOfEntropyData(std::span<const std::uint8_t> data, std::size_t i) {
    const std::size_t n = data.size();
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
            return i;  // a marker at i
        }
    }
}

}  // namespace

ImageHeader readJpegHeader(std::span<const std::uint8_t> data) {
    TurboJpegHandle tj(tjInitDecompress());
    const auto info = readJpegInfo(tj, data);
    return ImageHeader{ImageFormat::Jpeg, info.width, info.height};
}

DecodedImage decodeJpeg(std::span<const std::uint8_t> data, const DecodeRequest& request) {
    TurboJpegHandle tj(tjInitDecompress());
    const auto info = readJpegInfo(tj, data);
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
        if (tjDecompress2(tj.get(), data.data(), static_cast<unsigned long>(data.size()), cmykPixels.data, width,
                          static_cast<int>(cmykPixels.step), height, TJPF_CMYK, flags) != 0) {
            throw ImageCodecError("JPEG data cannot be decoded (" + tj.error() + ")");
        }
        cmykToBgr(cmykPixels, out.bgr);
    } else if (tjDecompress2(tj.get(), data.data(), static_cast<unsigned long>(data.size()), out.bgr.data, width,
                             static_cast<int>(out.bgr.step), height, TJPF_BGR, flags) != 0) {
        throw ImageCodecError("JPEG data cannot be decoded (" + tj.error() + ")");
    }
    return out;
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
    TurboJpegHandle tj(tjInitCompress());
    unsigned char* buffer = nullptr;
    unsigned long size = 0;
    const int rc = tjCompress2(tj.get(), image.data, image.cols, static_cast<int>(image.step), image.rows, pixelFormat, &buffer,
                               &size, subsampling, options.quality, flags);
    std::unique_ptr<unsigned char, void (*)(unsigned char*)> owned(buffer, tjFree);
    if (rc != 0) throw ImageCodecError("JPEG cannot be encoded (" + tj.error() + ")");
    return {buffer, buffer + size};
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
        i = endOfEntropyData(data, i);
        if (i == 0) return 0;
    }
}

}  // namespace graphlens::data
