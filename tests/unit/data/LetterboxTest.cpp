// Letterbox geometry (labels round-trip within 1 px, grey 114 padding), center crop, HWC -> CHW.
#include "data/ImageTransform.h"

#include <catch2/catch.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>

using namespace graphlens;

namespace {

// Extent of pixels brighter than mid-grey in channel 0 (the half-intensity edge after interpolation): {left, top, right, bottom}, inclusive.
cv::Rect brightExtent(const cv::Mat& image) {
    cv::Mat mask;
    cv::extractChannel(image, mask, 0);
    cv::threshold(mask, mask, 127, 255, cv::THRESH_BINARY);
    return cv::boundingRect(mask);
}

}  // namespace

TEST_CASE("letterbox geometry centres the resized image", "[data][letterbox]") {
    const auto landscape = data::letterboxGeometry(300, 180, 640);
    CHECK(landscape.newWidth == 640);
    CHECK(landscape.newHeight == 384);
    CHECK(landscape.padLeft == 0);
    CHECK(landscape.padTop == 128);
    const auto portrait = data::letterboxGeometry(179, 301, 320);
    CHECK(portrait.newHeight == 320);
    CHECK(portrait.newWidth == 190);  // 179 * 320 / 301 = 190.3
    CHECK(portrait.padLeft == 65);    // 130 columns of padding, split 65 / 65
}

TEST_CASE("letterboxed labels land on the drawn object within 1 px and round-trip", "[data][letterbox]") {
    struct Case { int width, height, size; cv::Rect object; };
    const auto c = GENERATE(Case{300, 180, 640, {40, 30, 101, 57}}, Case{179, 301, 320, {10, 200, 60, 90}},
                            Case{1000, 700, 320, {500, 100, 333, 250}}, Case{64, 64, 64, {0, 0, 20, 64}});
    CAPTURE(c.width, c.height, c.size);
    cv::Mat image(c.height, c.width, CV_8UC3, cv::Scalar::all(0));
    cv::rectangle(image, c.object, cv::Scalar::all(255), cv::FILLED);
    const data::Box label{2, static_cast<float>((c.object.x + c.object.width / 2.0) / c.width),
                          static_cast<float>((c.object.y + c.object.height / 2.0) / c.height),
                          static_cast<float>(static_cast<double>(c.object.width) / c.width),
                          static_cast<float>(static_cast<double>(c.object.height) / c.height)};

    data::LetterboxGeometry geometry;
    const cv::Mat boxed = data::letterbox(image, c.size, &geometry);
    REQUIRE(boxed.cols == c.size);
    REQUIRE(boxed.rows == c.size);
    const auto moved = geometry.toLetterbox(label);
    CHECK(moved.cls == 2);
    const cv::Rect seen = brightExtent(boxed);
    CHECK(std::abs((moved.cx - moved.w / 2) * c.size - seen.x) <= 1.0);
    CHECK(std::abs((moved.cx + moved.w / 2) * c.size - (seen.x + seen.width)) <= 1.0);
    CHECK(std::abs((moved.cy - moved.h / 2) * c.size - seen.y) <= 1.0);
    CHECK(std::abs((moved.cy + moved.h / 2) * c.size - (seen.y + seen.height)) <= 1.0);

    const auto back = geometry.fromLetterbox(moved);
    CHECK(std::abs(back.cx - label.cx) * c.width <= 1.0);
    CHECK(std::abs(back.cy - label.cy) * c.height <= 1.0);
    CHECK(std::abs(back.w - label.w) * c.width <= 1.0);
    CHECK(std::abs(back.h - label.h) * c.height <= 1.0);

    // Padding is the standard grey, on both sides of the resized image.
    if (geometry.padTop > 0) {
        CHECK(boxed.at<cv::Vec3b>(0, c.size / 2) == cv::Vec3b(114, 114, 114));
        CHECK(boxed.at<cv::Vec3b>(c.size - 1, c.size / 2) == cv::Vec3b(114, 114, 114));
        CHECK(boxed.at<cv::Vec3b>(geometry.padTop, c.size - 1) != cv::Vec3b(114, 114, 114));
    }
    if (geometry.padLeft > 0) {
        CHECK(boxed.at<cv::Vec3b>(c.size / 2, 0) == cv::Vec3b(114, 114, 114));
        CHECK(boxed.at<cv::Vec3b>(c.size / 2, c.size - 1) == cv::Vec3b(114, 114, 114));
    }
}

TEST_CASE("center crop keeps the middle of the shorter-side resize", "[data][letterbox]") {
    cv::Mat image(100, 200, CV_8UC3, cv::Scalar::all(0));
    image(cv::Rect(100, 0, 100, 100)).setTo(cv::Scalar::all(255));  // right half white
    const cv::Mat crop = data::resizeCenterCrop(image, 50);
    REQUIRE(crop.cols == 50);
    REQUIRE(crop.rows == 50);
    // 200x100 -> 100x50, crop x 25..74: the white half starts at column 25 of the crop.
    CHECK(crop.at<cv::Vec3b>(25, 10)[0] < 20);
    CHECK(crop.at<cv::Vec3b>(25, 40)[0] > 235);
}

TEST_CASE("BGR HWC becomes RGB CHW", "[data][letterbox]") {
    cv::Mat image(1, 2, CV_8UC3);
    image.at<cv::Vec3b>(0, 0) = {1, 2, 3};
    image.at<cv::Vec3b>(0, 1) = {4, 5, 6};
    std::vector<std::uint8_t> chw(6, 0);
    data::bgrToRgbChw(image, chw);
    CHECK(chw == std::vector<std::uint8_t>{3, 6, 2, 5, 1, 4});
    std::vector<std::uint8_t> wrong(5);
    CHECK_THROWS_AS(data::bgrToRgbChw(image, wrong), std::invalid_argument);
}
