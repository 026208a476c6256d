// The cheap per-image checks and label path convention.
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/ImageFiles.h"
#include "data/ImageTransform.h"
#include "data/PathText.h"

#include <catch2/catch.hpp>

using namespace graphlens;

TEST_CASE("valid images pass the checks, a PNG named .jpg included", "[data][images]") {
    testing::TempDir dir;
    testing::writeImage(dir / "a.jpg");
    testing::writeImage(dir / "b.png");
    std::filesystem::copy_file(dir / "b.png", dir / "png-named.jpg");
    CHECK_FALSE(data::checkImageFile(dir / "a.jpg").has_value());
    CHECK_FALSE(data::checkImageFile(dir / "b.png").has_value());
    CHECK_FALSE(data::checkImageFile(dir / "png-named.jpg").has_value());
}

TEST_CASE("empty, text and truncated files are defects naming the file", "[data][images][bad-input]") {
    testing::TempDir dir;
    testing::writeText(dir / "empty.png", "");
    CHECK(data::checkImageFile(dir / "empty.png") == (dir / "empty.png").string() + ": empty file (expected image data)");
    testing::writeText(dir / "text.png", "hello\n");
    CHECK(data::checkImageFile(dir / "text.png") ==
          (dir / "text.png").string() + ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
    testing::writeImage(dir / "cut.jpeg", 80, 80);
    std::filesystem::resize_file(dir / "cut.jpeg", std::filesystem::file_size(dir / "cut.jpeg") - 10);
    CHECK(data::checkImageFile(dir / "cut.jpeg") ==
          (dir / "cut.jpeg").string() + ": truncated JPEG (no end-of-image marker; expected a complete JPEG file)");
}

TEST_CASE("decodeImage rejects what it cannot decode", "[data][images][bad-input]") {
    testing::TempDir dir;
    testing::writeText(dir / "text.jpg", "hello\n");
    CHECK_THROWS_WITH(data::decodeImage(dir / "text.jpg"),
                      (dir / "text.jpg").string() + ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
    testing::writeImage(dir / "ok.png", 30, 20);
    const auto image = data::decodeImage(dir / "ok.png");
    CHECK(image.cols == 30);
    CHECK(image.rows == 20);
    CHECK(image.channels() == 3);
}

TEST_CASE("labels live beside images with images -> labels", "[data][images]") {
    CHECK(data::labelPathFor("/d/images/train/x.jpg") == "/d/labels/train/x.txt");
    CHECK(data::labelPathFor("/images/d/images/x.png") == "/images/d/labels/x.txt");
    CHECK(data::labelPathFor("/d/pics/x.jpeg") == "/d/pics/x.txt");
}

TEST_CASE("non-UTF-8 bytes are escaped in messages", "[data][images]") {
    CHECK(data::isValidUtf8("caf\xc3\xa9"));
    CHECK_FALSE(data::isValidUtf8("caf\xe9"));
    CHECK_FALSE(data::isValidUtf8("\xc0\xaf"));  // overlong
    CHECK(data::displayPath("/a/caf\xe9.jpg") == "/a/caf\\xE9.jpg");
    CHECK(data::where("/a/b.txt", 3) == "/a/b.txt:3");
}

TEST_CASE("listing images skips and names links that loop or point nowhere, and never walks a linked folder",
          "[data][images][hostile]") {
    testing::TempDir dir;
    const auto images = dir / "images";
    std::filesystem::create_directories(images / "sub");
    testing::writeImage(images / "sub" / "a.jpg");
    std::filesystem::create_symlink("loop.jpg", images / "loop.jpg");         // a link to itself
    std::filesystem::create_symlink("nowhere.png", images / "gone.png");     // a link to nothing
    std::filesystem::create_directory_symlink("..", images / "sub" / "up");  // a link back up the tree
    const auto listing = data::listImages(images);
    REQUIRE(listing.images.size() == 1);
    CHECK(listing.images[0] == images / "sub" / "a.jpg");
    REQUIRE(listing.defects.size() == 2);
    CHECK_THAT(listing.defects[0], Catch::StartsWith((images / "gone.png").string()) && Catch::Contains("a link to nothing"));
    CHECK_THAT(listing.defects[1], Catch::StartsWith((images / "loop.jpg").string()) && Catch::Contains("cannot be read"));
}
