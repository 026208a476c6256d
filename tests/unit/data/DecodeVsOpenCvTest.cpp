// The decoder against what users expect: cv::imdecode(IMREAD_COLOR) from OpenCV imgcodecs, on the
// fixture set of DecodeFixtures.h (baseline 4:2:0/4:2:2/4:4:4, progressive, greyscale and CMYK
// JPEGs; 8-bit RGB/RGBA, 16-bit RGB/grey, 8-bit grey, grey+alpha and palette PNGs). Built only where
// imgcodecs is installed (tests/unit/data/decode_tests.cmake); the product never links it.
//
// Expected: identical pixels for every fixture. Both sides run the same system libjpeg-turbo with
// the same settings (islow IDCT, fancy upsampling; TurboJPEG's default for decompression, and
// imgcodecs' libjpeg defaults), the same libpng transformations (strip_16 = high byte, strip_alpha,
// palette_to_rgb, gray_to_rgb, bgr), and for CMYK/YCCK the decoder uses imgcodecs' own
// CMYK -> BGR formula (k - (255 - c) * k >> 8). No difference is tolerated: the bound is 0.
// Scaled decodes (DecodeRequest with a minimum size) are deliberately not compared: imgcodecs only
// offers 1/2, 1/4, 1/8 through IMREAD_REDUCED_* and GraphLens resizes the result anyway.
#include "DecodeFixtures.h"
#include "data/ImageCodec.h"

#include <catch2/catch.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

using namespace graphlens;

TEST_CASE("every fixture decodes pixel-identical to cv::imdecode(IMREAD_COLOR)", "[data][decode][opencv]") {
    int compared = 0;
    for (const auto& size : {cv::Size(123, 77), cv::Size(16, 16), cv::Size(1, 33), cv::Size(257, 3)}) {
        for (const auto& fixture : testing::decoderFixtures(size.width, size.height)) {
            INFO(fixture.name << " " << size.width << "x" << size.height << " (" << fixture.bytes.size() << " bytes)");
            const cv::Mat reference = cv::imdecode(fixture.bytes, cv::IMREAD_COLOR);
            REQUIRE_FALSE(reference.empty());
            const auto decoded = data::decodeImageBytes(fixture.bytes);
            REQUIRE(decoded.bgr.type() == reference.type());
            REQUIRE(decoded.bgr.size() == reference.size());
            cv::Mat difference;
            cv::absdiff(decoded.bgr, reference, difference);
            const int differing = cv::countNonZero(difference.reshape(1));
            INFO("differing samples: " << differing << ", largest difference: " << cv::norm(difference, cv::NORM_INF));
            CHECK(differing == 0);
            ++compared;
        }
    }
    CHECK(compared == 4 * 16);
}

TEST_CASE("trailing bytes after EOI: imgcodecs and the decoder agree", "[data][decode][opencv]") {
    auto bytes = data::encodeJpeg(testing::patternBgr(64, 40), {});
    const std::string trailer = "\xFF\xD8 trailer";
    bytes.insert(bytes.end(), trailer.begin(), trailer.end());
    const cv::Mat reference = cv::imdecode(bytes, cv::IMREAD_COLOR);
    REQUIRE_FALSE(reference.empty());
    CHECK(cv::norm(data::decodeImageBytes(bytes).bgr, reference, cv::NORM_INF) == 0);
}

TEST_CASE("the built-in dataset's JPEG encoder loses what imwrite loses", "[data][decode][opencv]") {
    const cv::Mat source = testing::patternBgr(123, 77);
    std::vector<std::uint8_t> imwritten;
    REQUIRE(cv::imencode(".jpg", source, imwritten, {cv::IMWRITE_JPEG_QUALITY, 90}));
    const auto ours = data::encodeJpeg(source, {});  // quality 90, 4:2:0, islow: imwrite's settings
    const double theirError = cv::norm(cv::imdecode(imwritten, cv::IMREAD_COLOR), source, cv::NORM_L1) / (source.total() * 3.0);
    const double ourError = cv::norm(data::decodeImageBytes(ours).bgr, source, cv::NORM_L1) / (source.total() * 3.0);
    INFO("imwrite: " << theirError << ", encodeJpeg: " << ourError);
    CHECK(std::abs(theirError - ourError) < 0.05);
    CHECK(cv::norm(data::decodeImageBytes(ours).bgr, cv::imdecode(imwritten, cv::IMREAD_COLOR), cv::NORM_INF) == 0);
}
