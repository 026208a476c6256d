// ImageFolder: root/<split>/<class>/<image>, class ids from sorted folder names, structural errors.
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/ImageFolderDataset.h"
#include "data/OpenDataset.h"

#include <catch2/catch.hpp>

using namespace graphlens;
using data::DatasetError;
using data::loadImageFolder;

namespace {

std::string errorOf(const std::filesystem::path& root) {
    try {
        loadImageFolder(root);
    } catch (const DatasetError& error) {
        return error.what();
    }
    FAIL("no DatasetError");
    return {};
}

}  // namespace

TEST_CASE("ImageFolder class ids come from the sorted union of class folders", "[data][imagefolder]") {
    testing::TempDir dir;
    testing::writeImage(dir / "train/zebra/1.jpg");
    testing::writeImage(dir / "train/zebra/2.png");
    testing::writeImage(dir / "train/ant/1.jpg");
    testing::writeImage(dir / "val/zebra/1.jpg");
    testing::writeImage(dir / "val/moth/1.jpg");  // only in val: still gets its own id
    testing::writeText(dir / "train/ant/notes.txt", "ignored");
    const auto dataset = data::openDataset(dir.path().string());
    CHECK(dataset.task == data::Task::Classify);
    CHECK(dataset.names == std::vector<std::string>{"ant", "moth", "zebra"});
    const auto& train = dataset.split("train");
    REQUIRE(train.images.size() == 3);
    CHECK(train.images[0].image == dir / "train/ant/1.jpg");
    CHECK(train.images[0].classIndex == 0);
    CHECK(train.images[2].classIndex == 2);
    const auto& val = dataset.split("val");
    REQUIRE(val.images.size() == 2);
    CHECK(val.images[0].classIndex == 1);
    CHECK(val.images[1].classIndex == 2);
}

TEST_CASE("ImageFolder structural errors", "[data][imagefolder][bad-input]") {
    testing::TempDir dir;
    CHECK(errorOf(dir / "absent") == (dir / "absent").string() +
                                         ": does not exist (expected a dataset YAML file or an ImageFolder root, "
                                         "root/<split>/<class>/<image> with split train, val or test)");
    testing::writeImage(dir / "cats/1.jpg");
    CHECK(errorOf(dir.path()) == dir.path().string() +
                                     ": no train, val or test folder (expected root/<split>/<class>/<image> with split train, val or test)");
    std::filesystem::create_directories(dir / "train");
    CHECK(errorOf(dir.path()) == (dir / "train").string() + ": no class folders (expected train/<class>/<image>)");
    testing::writeImage(dir / "train/cat/1.jpg");
    std::filesystem::create_directories(dir / "train/dog");
    CHECK(errorOf(dir.path()) == (dir / "train/dog").string() +
                                     ": class folder has no images (expected at least one .jpg/.jpeg/.png/.bmp/.tif/.tiff/.webp file)");
    std::filesystem::remove(dir / "train/dog");
    std::filesystem::create_directories(dir / "train/d\xe9j\xe0");
    testing::writeImage(dir / "train/d\xe9j\xe0/1.jpg");
    CHECK(errorOf(dir.path()) == (dir / "train").string() +
                                     "/d\\xE9j\\xE0: class folder name is not valid UTF-8 (expected UTF-8 class names)");
}

TEST_CASE("ImageFolder skips broken images and fails when all of a split are broken", "[data][imagefolder][bad-input]") {
    testing::TempDir dir;
    testing::writeImage(dir / "train/cat/1.jpg");
    testing::writeText(dir / "train/cat/2.jpg", "text");
    testing::writeText(dir / "val/cat/1.png", "text");
    CHECK(errorOf(dir.path()) == (dir / "val").string() +
                                     ": every image of split 'val' is broken (1 skipped; expected at least one usable image); first: " +
                                     (dir / "val/cat/1.png").string() +
                                     ": not an image GraphLens can decode (unrecognised file signature; expected JPEG or PNG image data)");
    testing::writeImage(dir / "val/cat/1.png");
    const auto dataset = loadImageFolder(dir.path());
    CHECK(dataset.skippedImages == 1);
    REQUIRE(dataset.warnings.size() == 1);
    CHECK(dataset.warnings[0].rfind((dir / "train/cat/2.jpg").string() + ": not an image", 0) == 0);
}

TEST_CASE("openDataset picks the format from the argument", "[data][open][bad-input]") {
    testing::TempDir dir;
    CHECK_THROWS_WITH(data::openDataset((dir / "x.yaml").string()),
                      (dir / "x.yaml").string() + ": does not exist (expected a dataset YAML file)");
    CHECK_THROWS_WITH(data::openDataset((dir / "x.zip").string()),
                      (dir / "x.zip").string() + ": does not exist (expected a dataset YAML file or an ImageFolder root folder)");
    testing::writeText(dir / "x.zip", "zip");
    CHECK_THROWS_WITH(data::openDataset((dir / "x.zip").string()),
                      (dir / "x.zip").string() + ": not a dataset (expected a .yaml/.yml dataset file or an ImageFolder root folder)");
}
