// The TurboJPEG/libpng decoder and encoder (data/ImageCodec.h) without OpenCV imgcodecs: lossless
// PNG variants exact, JPEG close to its source, scaled decode, and the bad inputs users bring —
// trailing bytes after EOI, truncated files, non-images, a 1 x 20000 strip, a bomb header — with
// libjpeg/libpng text captured into the message and nothing written to stderr.
#include "DecodeFixtures.h"
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/ImageCodec.h"
#include "data/ImageFiles.h"
#include "data/ImageTransform.h"

#include <catch2/catch.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdio>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace graphlens;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// Everything written to file descriptor 2 while alive (libjpeg/libpng default handlers write there).
class StderrCapture {
public:
    StderrCapture() {
        std::fflush(stderr);
        file_ = std::tmpfile();
        saved_ = ::dup(2);
        ::dup2(::fileno(file_), 2);
    }
    std::string finish() {
        std::fflush(stderr);
        ::dup2(saved_, 2);
        ::close(saved_);
        std::string text;
        std::rewind(file_);
        for (int c; (c = std::fgetc(file_)) != EOF;) text.push_back(static_cast<char>(c));
        std::fclose(file_);
        return text;
    }

private:
    std::FILE* file_ = nullptr;
    int saved_ = -1;
};

std::vector<std::uint8_t> writeBytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
    data::writeFileBytes(path.string(), bytes);
    return bytes;
}

long maxRssKb() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

std::string what(const std::function<void()>& body) {
    try {
        body();
    } catch (const std::exception& error) {
        return error.what();
    }
    return "(no exception)";
}

}  // namespace

TEST_CASE("lossless PNG variants decode to exactly the BGR imread(IMREAD_COLOR) gives", "[data][decode]") {
    for (const auto& fixture : testing::decoderFixtures()) {
        if (fixture.expectedBgr.empty()) continue;
        INFO(fixture.name);
        const auto decoded = data::decodeImageBytes(fixture.bytes);
        REQUIRE(decoded.bgr.type() == CV_8UC3);
        REQUIRE(decoded.bgr.size() == fixture.expectedBgr.size());
        CHECK(cv::norm(decoded.bgr, fixture.expectedBgr, cv::NORM_INF) == 0);
        CHECK(decoded.warnings.empty());
    }
}

TEST_CASE("JPEG variants decode close to their source pixels", "[data][decode]") {
    const cv::Mat source = testing::patternBgr(123, 77);
    int jpegs = 0;
    for (const auto& fixture : testing::decoderFixtures()) {
        if (fixture.extension != ".jpg") continue;
        INFO(fixture.name);
        ++jpegs;
        const auto header = data::readImageHeader(fixture.bytes);
        CHECK(header.format == data::ImageFormat::Jpeg);
        CHECK(header.width == 123);
        CHECK(header.height == 77);
        const auto decoded = data::decodeImageBytes(fixture.bytes);
        REQUIRE(decoded.bgr.size() == source.size());
        if (fixture.name.find("grey") != std::string::npos) {
            std::vector<cv::Mat> planes;
            cv::split(decoded.bgr, planes);
            CHECK(cv::norm(planes[0], planes[1], cv::NORM_INF) == 0);  // grey replicated
            CHECK(cv::norm(planes[0], planes[2], cv::NORM_INF) == 0);
        } else if (fixture.name.find("cmyk") == std::string::npos) {
            // Mean absolute error of a quality >= 75 JPEG of the noisy pattern; chroma subsampling
            // blurs its hard blue edges (imwrite's 4:2:0 at quality 90 measures the same, see
            // DecodeVsOpenCvTest.cpp).
            const bool subsampled = fixture.name.find("444") == std::string::npos;
            CHECK(cv::norm(decoded.bgr, source, cv::NORM_L1) / static_cast<double>(source.total() * 3) < (subsampled ? 20.0 : 12.0));
        }
    }
    CHECK(jpegs == 9);
}

TEST_CASE("the encoder round-trips what the built-in dataset writes", "[data][decode][encode]") {
    const cv::Mat source = testing::patternBgr(64, 48, 3);
    const auto png = data::decodeImageBytes(data::encodePng(source));
    CHECK(cv::norm(png.bgr, source, cv::NORM_INF) == 0);
    const auto jpeg = data::encodeJpeg(source, {});
    CHECK(data::sniffImageFormat(jpeg) == data::ImageFormat::Jpeg);
    CHECK(data::jpegEndOffset(jpeg) == jpeg.size());
    CHECK_THROWS_AS(data::encodeJpeg(cv::Mat(4, 4, CV_16UC3)), data::ImageCodecError);
}

TEST_CASE("scaled JPEG decode picks the smallest factor that still covers the target", "[data][decode][scale]") {
    cv::Mat big = testing::patternBgr(1600, 1200, 5);
    cv::GaussianBlur(big, big, cv::Size(0, 0), 4.0);  // photo-like: no pixel noise to alias
    const auto bytes = data::encodeJpeg(big, {});
    // Letterbox 640: the image lands as 640 x 480; 1/2 gives 800 x 600, 3/8 only 600 x 450.
    auto decoded = data::decodeImageBytes(bytes, {640, 480});
    CHECK(decoded.scaleNum == 1);
    CHECK(decoded.scaleDenom == 2);
    CHECK(decoded.bgr.cols == 800);
    CHECK(decoded.bgr.rows == 600);
    CHECK(decoded.sourceWidth == 1600);
    CHECK(decoded.allocatedBytes == 800u * 600u * 3u);
    decoded = data::decodeImageBytes(bytes, {200, 150});  // 1/8: 200 x 150 exactly
    CHECK(decoded.bgr.cols == 200);
    CHECK(decoded.bgr.rows == 150);
    decoded = data::decodeImageBytes(bytes, {1600, 1200});
    CHECK(decoded.scaleDenom == 1);
    CHECK(decoded.bgr.cols == 1600);

    // decodeLetterbox: same geometry and nearly the same pixels as full decode + letterbox.
    testing::TempDir dir;
    writeBytes(dir / "big.jpg", bytes);
    data::LetterboxGeometry direct, viaFull;
    const cv::Mat scaled = data::decodeLetterbox(dir / "big.jpg", 640, &direct);
    const cv::Mat full = data::letterbox(data::decodeImage(dir / "big.jpg"), 640, &viaFull);
    CHECK(direct.newWidth == viaFull.newWidth);
    CHECK(direct.newHeight == viaFull.newHeight);
    CHECK(direct.padTop == viaFull.padTop);
    REQUIRE(scaled.size() == full.size());
    CHECK(cv::norm(scaled, full, cv::NORM_L1) / static_cast<double>(full.total() * 3) < 2.0);
}

TEST_CASE("large PNGs are read row by row into a box-reduced image", "[data][decode][scale]") {
    const cv::Mat big = testing::patternBgr(1000, 600, 9);
    const auto bytes = data::encodePng(big);
    const auto decoded = data::decodeImageBytes(bytes, {240, 144});  // 1/4 -> 250 x 150
    CHECK(decoded.scaleDenom == 4);
    REQUIRE(decoded.bgr.cols == 250);
    REQUIRE(decoded.bgr.rows == 150);
    CHECK(decoded.allocatedBytes < 250u * 150u * 3u + 1000u * 3u + 250u * 3u * 4u + 64u);
    cv::Mat area;
    cv::resize(big, area, cv::Size(250, 150), 0, 0, cv::INTER_AREA);  // the same 4 x 4 box mean
    CHECK(cv::norm(decoded.bgr, area, cv::NORM_INF) <= 1);
}

TEST_CASE("a JPEG with bytes after its end-of-image marker is a valid JPEG", "[data][decode][bad-input]") {
    testing::TempDir dir;
    const cv::Mat source = testing::patternBgr(96, 64, 2);
    auto bytes = data::encodeJpeg(source, {});
    const auto clean = data::decodeImageBytes(bytes).bgr;
    const std::size_t end = bytes.size();
    // A phone-style trailer: a second (thumbnail-like) SOI, stray markers, text, 20 KB of data.
    const std::string trailer = "\xFF\xD8\xFF\xE1 motion photo trailer \xFF\xD9 more";
    bytes.insert(bytes.end(), trailer.begin(), trailer.end());
    for (int i = 0; i < 20000; ++i) bytes.push_back(static_cast<std::uint8_t>(i * 31 % 251));
    writeBytes(dir / "trailer.jpg", bytes);
    CHECK(data::jpegEndOffset(bytes) == end);
    CHECK_FALSE(data::checkImageFile(dir / "trailer.jpg").has_value());
    StderrCapture capture;
    const cv::Mat decoded = data::decodeImage(dir / "trailer.jpg");
    CHECK(capture.finish().empty());
    CHECK(cv::norm(decoded, clean, cv::NORM_INF) == 0);
    // Progressive too: several scans before the end-of-image marker.
    auto progressive = data::encodeJpeg(source, {90, data::JpegEncodeOptions::Subsampling::S420, true});
    const std::size_t progressiveEnd = progressive.size();
    progressive.insert(progressive.end(), trailer.begin(), trailer.end());
    CHECK(data::jpegEndOffset(progressive) == progressiveEnd);
}

TEST_CASE("truncated JPEG and PNG files fail with a message naming the file and libjpeg/libpng's words",
          "[data][decode][bad-input]") {
    testing::TempDir dir;
    const cv::Mat source = testing::patternBgr(120, 90, 4);
    auto jpeg = data::encodeJpeg(source, {});
    jpeg.resize(jpeg.size() / 2);
    writeBytes(dir / "cut.jpg", jpeg);
    CHECK(data::jpegEndOffset(jpeg) == 0);
    CHECK(data::checkImageFile(dir / "cut.jpg") ==
          (dir / "cut.jpg").string() + ": truncated JPEG (no end-of-image marker; expected a complete JPEG file)");
    StderrCapture capture;
    const auto jpegMessage = what([&] { data::decodeImage(dir / "cut.jpg"); });
    auto png = data::encodePng(source);
    png.resize(png.size() / 2);
    writeBytes(dir / "cut.png", png);
    const auto pngMessage = what([&] { data::decodeImage(dir / "cut.png"); });
    CHECK(capture.finish().empty());  // nothing bare on stderr
    CHECK_THAT(jpegMessage, StartsWith((dir / "cut.jpg").string() + ": JPEG data cannot be decoded (libjpeg: "));
    CHECK_THAT(jpegMessage, Contains("Premature end of JPEG file"));
    CHECK(pngMessage == (dir / "cut.png").string() +
                            ": PNG data cannot be decoded (libpng: truncated PNG data (the file ends before the image does))");
    CHECK_THROWS_AS(data::decodeImage(dir / "cut.png"), data::SampleDefect);
}

TEST_CASE("corrupt PNG data is a libpng error in the message, never on stderr", "[data][decode][bad-input]") {
    testing::TempDir dir;
    auto png = data::encodePng(testing::patternBgr(40, 30, 6));
    png[png.size() - 30] ^= 0x55;  // inside the IDAT payload or its CRC
    writeBytes(dir / "crc.png", png);
    StderrCapture capture;
    const auto message = what([&] { data::decodeImage(dir / "crc.png"); });
    CHECK(capture.finish().empty());
    CHECK_THAT(message, StartsWith((dir / "crc.png").string() + ": PNG data cannot be decoded (libpng: "));
}

TEST_CASE("a libpng warning goes to the warning sink with the file named, never to stderr", "[data][decode][bad-input]") {
    testing::TempDir dir;
    const cv::Mat source = testing::patternBgr(40, 30, 7);
    auto png = data::encodePng(source);
    // A tEXt chunk with a wrong CRC before IEND: ancillary, so libpng warns and discards it.
    const std::vector<std::uint8_t> text{0, 0, 0, 10, 't', 'E', 'X', 't', 'C', 'o', 'm', 'm', 'e', 'n', 't', 0, 'h', 'i', 1, 2, 3, 4};
    png.insert(png.end() - 12, text.begin(), text.end());
    writeBytes(dir / "text-crc.png", png);
    std::vector<std::string> warnings;
    StderrCapture capture;
    const auto decoded = data::decodeImage(dir / "text-crc.png", {}, [&](const std::string& line) { warnings.push_back(line); });
    CHECK(capture.finish().empty());
    CHECK(cv::norm(decoded.bgr, source, cv::NORM_INF) == 0);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] == (dir / "text-crc.png").string() + ": libpng warning: tEXt: CRC error");
    CHECK_NOTHROW(data::decodeImage(dir / "text-crc.png"));  // no sink: dropped, still not on stderr
}

TEST_CASE("non-images and unsupported formats are named, not guessed", "[data][decode][bad-input]") {
    testing::TempDir dir;
    testing::writeText(dir / "notes.jpg", "hello, not an image\n");
    CHECK(what([&] { data::decodeImage(dir / "notes.jpg"); }) ==
          (dir / "notes.jpg").string() + ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
    CHECK(data::checkImageFile(dir / "notes.jpg") ==
          (dir / "notes.jpg").string() + ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
    testing::writeText(dir / "old.bmp", std::string("BM") + std::string(60, '\0'));
    CHECK(data::checkImageFile(dir / "old.bmp") ==
          (dir / "old.bmp").string() + ": BMP image data is not supported (GraphLens decodes JPEG and PNG; convert the file to one of them)");
    CHECK(what([&] { data::decodeImage(dir / "old.bmp"); }) ==
          (dir / "old.bmp").string() + ": BMP image data is not supported (expected JPEG or PNG)");
    testing::writeText(dir / "empty.png", "");
    CHECK(what([&] { data::decodeImage(dir / "empty.png"); }) == (dir / "empty.png").string() + ": empty file (expected image data)");
    CHECK(what([&] { data::decodeImage(dir / "missing.png"); }) ==
          (dir / "missing.png").string() + ": cannot be read (expected a readable image file)");
}

TEST_CASE("a 1 x 20000 PNG costs kilobytes, not gigabytes", "[data][decode][bad-input][memory]") {
    testing::TempDir dir;
    const cv::Mat strip(20000, 1, CV_8UC3, cv::Scalar(10, 200, 30));
    const auto bytes = writeBytes(dir / "strip.png", data::encodePng(strip));
    CHECK(bytes.size() < 1024);  // the file is 161 bytes; libpng at level 3 writes ~480
    CHECK_FALSE(data::checkImageFile(dir / "strip.png").has_value());
    const long rssBefore = maxRssKb();

    // Letterbox 640: lands as 1 x 640; the decoder reads row by row into 1 x 2500 (1/8).
    const auto decoded = data::decodeImageBytes(bytes, {1, 640});
    CHECK(decoded.bgr.rows == 2500);
    CHECK(decoded.allocatedBytes < 16u * 1024u);
    data::LetterboxGeometry geometry;
    const cv::Mat boxed = data::decodeLetterbox(dir / "strip.png", 640, &geometry);
    CHECK(boxed.rows == 640);
    CHECK(boxed.cols == 640);
    CHECK(geometry.newWidth == 1);
    CHECK(geometry.newHeight == 640);
    CHECK(boxed.at<cv::Vec3b>(320, geometry.padLeft) == cv::Vec3b(10, 200, 30));
    CHECK(boxed.at<cv::Vec3b>(320, 0) == cv::Vec3b(114, 114, 114));

    // Center crop 224 (classification): the central 1 x 1 square, not a 224 x 4480000 resize (2.7 GB).
    const cv::Mat crop = data::decodeCenterCrop(dir / "strip.png", 224);
    CHECK(crop.size() == cv::Size(224, 224));
    CHECK(crop.at<cv::Vec3b>(100, 100) == cv::Vec3b(10, 200, 30));
    const cv::Mat cropOfFull = data::resizeCenterCrop(data::decodeImage(dir / "strip.png"), 224);
    CHECK(cropOfFull.size() == cv::Size(224, 224));
    CHECK(maxRssKb() - rssBefore < 64 * 1024);  // peak resident memory grew by less than 64 MB
}

TEST_CASE("an image over the pixel limit is refused from its header, before any pixel buffer", "[data][decode][bad-input][memory]") {
    testing::TempDir dir;
    // PNG announcing 20000 x 20000 (400 M pixels; 1.2 GB decoded) with no pixel data at all.
    writeBytes(dir / "bomb.png", testing::pngHeaderOnly(20000, 20000));
    const std::string limitText = "20000x20000 = 400000000 pixels is over the limit of 178956970 pixels";
    CHECK_THAT(what([&] { data::decodeImage(dir / "bomb.png"); }),
               StartsWith((dir / "bomb.png").string() + ": " + limitText) && Contains("refused before decoding"));
    CHECK(data::checkImageFile(dir / "bomb.png") ==
          (dir / "bomb.png").string() + ": 20000x20000 pixels is over the limit of 178956970 pixels (refused before decoding)");
    // JPEG: a small file whose frame header is patched to 30000 x 30000.
    auto jpeg = data::encodeJpeg(testing::patternBgr(16, 16), {});
    for (std::size_t i = 2; i + 8 < jpeg.size(); ++i) {
        if (jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0) {  // SOF0: length(2) precision(1) height(2) width(2)
            jpeg[i + 5] = 30000 >> 8;
            jpeg[i + 6] = 30000 & 0xFF;
            jpeg[i + 7] = 30000 >> 8;
            jpeg[i + 8] = 30000 & 0xFF;
            break;
        }
    }
    writeBytes(dir / "bomb.jpg", jpeg);
    const auto header = data::readImageHeader(jpeg);
    CHECK(header.width == 30000);
    CHECK_THAT(what([&] { data::decodeImage(dir / "bomb.jpg"); }),
               StartsWith((dir / "bomb.jpg").string() + ": 30000x30000 = 900000000 pixels is over the limit"));
    // A lower limit applies the same way.
    data::DecodeRequest strict;
    strict.maxPixels = 100;
    CHECK_THROWS_AS(data::decodeImageBytes(data::encodePng(testing::patternBgr(11, 10)), strict), data::ImageCodecError);
    CHECK_NOTHROW(data::decodeImageBytes(data::encodePng(testing::patternBgr(10, 10)), strict));
}
