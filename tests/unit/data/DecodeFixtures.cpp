#include "DecodeFixtures.h"

#include "data/ImageCodec.h"

#include <opencv2/core.hpp>


namespace graphlens::testing {
namespace {

using data::JpegEncodeOptions;

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void appendBe32(std::vector<std::uint8_t>& out, std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void appendChunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& payload) {
    appendBe32(out, static_cast<std::uint32_t>(payload.size()));
    const std::size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), payload.begin(), payload.end());
    appendBe32(out, crc32(out.data() + start, out.size() - start));
}

}  // namespace

cv::Mat patternBgr(int width, int height, int seed) {
    cv::Mat image(height, width, CV_8UC3);
    cv::RNG rng(static_cast<std::uint64_t>(seed) * 7919u + 17u);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const bool edge = ((x / 9) + (y / 7)) % 2 == 0;
            image.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>((x * 255) / std::max(1, width - 1)),
                                                  static_cast<uchar>((y * 255) / std::max(1, height - 1)),
                                                  static_cast<uchar>(edge ? 230 : 25));
        }
    }
    cv::Mat noise(height, width, CV_8UC3);
    rng.fill(noise, cv::RNG::UNIFORM, 0, 24);
    image += noise;
    return image;
}

std::vector<ImageFixture> decoderFixtures(int width, int height) {
    std::vector<ImageFixture> fixtures;
    const cv::Mat bgr = patternBgr(width, height);
    auto jpeg = [&](const std::string& name, const cv::Mat& pixels, JpegEncodeOptions options) {
        fixtures.push_back({name, ".jpg", data::encodeJpeg(pixels, options), {}});
    };
    using S = JpegEncodeOptions::Subsampling;
    jpeg("jpeg-baseline-420", bgr, {90, S::S420, false});
    jpeg("jpeg-baseline-422", bgr, {85, S::S422, false});
    jpeg("jpeg-baseline-444", bgr, {95, S::S444, false});
    jpeg("jpeg-progressive-420", bgr, {90, S::S420, true});
    jpeg("jpeg-progressive-444", bgr, {75, S::S444, true});
    cv::Mat grey(height, width, CV_8UC1);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const auto p = bgr.at<cv::Vec3b>(y, x);
            grey.at<uchar>(y, x) = static_cast<uchar>((p[0] + 2 * p[1] + p[2]) / 4);
        }
    }
    jpeg("jpeg-grey", grey, {90, S::Gray, false});
    jpeg("jpeg-grey-progressive", grey, {90, S::Gray, true});
    // CMYK: four independent planes (C, M, Y from the pattern, K from the grey).
    cv::Mat cmyk(height, width, CV_8UC4);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const auto p = bgr.at<cv::Vec3b>(y, x);
            cmyk.at<cv::Vec4b>(y, x) = cv::Vec4b(p[2], p[1], p[0], static_cast<uchar>(255 - grey.at<uchar>(y, x) / 2));
        }
    }
    jpeg("jpeg-cmyk", cmyk, {90, S::S444, false});
    jpeg("jpeg-cmyk-420", cmyk, {90, S::S420, false});

    // PNGs are lossless: the decoder must give back exactly what cv::imread(IMREAD_COLOR) does.
    auto png = [&](const std::string& name, const cv::Mat& pixels, const cv::Mat& expected, const std::vector<cv::Vec3b>& palette = {}) {
        fixtures.push_back({name, ".png", data::encodePng(pixels, palette), expected});
    };
    png("png-rgb8", bgr, bgr);
    cv::Mat bgra(height, width, CV_8UC4);
    cv::Mat alpha(height, width, CV_8UC1);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) alpha.at<uchar>(y, x) = static_cast<uchar>((x * 7 + y * 3) % 256);
    }
    cv::merge(std::vector<cv::Mat>{bgr, alpha}, bgra);
    png("png-rgba8", bgra, bgr);  // alpha dropped, as IMREAD_COLOR does
    cv::Mat bgr16;
    bgr.convertTo(bgr16, CV_16UC3, 257.0);
    bgr16 += cv::Scalar(91, 17, 200);  // low bytes that must not leak into the 8-bit result
    cv::Mat bgr16Expected;
    bgr16Expected.create(height, width, CV_8UC3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const auto v = bgr16.at<cv::Vec3w>(y, x);
            bgr16Expected.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>(v[0] >> 8), static_cast<uchar>(v[1] >> 8), static_cast<uchar>(v[2] >> 8));
        }
    }
    png("png-rgb16", bgr16, bgr16Expected);
    cv::Mat grey16(height, width, CV_16UC1);
    cv::Mat grey16Expected(height, width, CV_8UC3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const auto v = static_cast<std::uint16_t>(grey.at<uchar>(y, x) * 256 + (x * 13 + y) % 256);
            grey16.at<std::uint16_t>(y, x) = v;
            const auto high = static_cast<uchar>(v >> 8);
            grey16Expected.at<cv::Vec3b>(y, x) = cv::Vec3b(high, high, high);
        }
    }
    png("png-grey16", grey16, grey16Expected);
    cv::Mat greyBgr;
    cv::merge(std::vector<cv::Mat>{grey, grey, grey}, greyBgr);
    png("png-grey8", grey, greyBgr);
    cv::Mat greyAlpha;
    cv::merge(std::vector<cv::Mat>{grey, alpha}, greyAlpha);
    png("png-grey-alpha8", greyAlpha, greyBgr);
    // Palette: 200 colours, indices from the pattern.
    std::vector<cv::Vec3b> palette;
    for (int i = 0; i < 200; ++i) palette.emplace_back(static_cast<uchar>(i * 37 % 256), static_cast<uchar>(i * 11 % 256), static_cast<uchar>(255 - i));
    cv::Mat indices(height, width, CV_8UC1);
    cv::Mat paletteBgr(height, width, CV_8UC3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const int index = (bgr.at<cv::Vec3b>(y, x)[0] + bgr.at<cv::Vec3b>(y, x)[2]) % 200;
            indices.at<uchar>(y, x) = static_cast<uchar>(index);
            const auto rgb = palette[static_cast<std::size_t>(index)];
            paletteBgr.at<cv::Vec3b>(y, x) = cv::Vec3b(rgb[2], rgb[1], rgb[0]);
        }
    }
    png("png-palette8", indices, paletteBgr, palette);
    return fixtures;
}

std::vector<std::uint8_t> pngHeaderOnly(std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint8_t> out{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    std::vector<std::uint8_t> ihdr;
    appendBe32(ihdr, width);
    appendBe32(ihdr, height);
    ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});  // 8-bit RGB, deflate, adaptive filter, no interlace
    appendChunk(out, "IHDR", ihdr);
    appendChunk(out, "IEND", {});
    return out;
}

}  // namespace graphlens::testing
