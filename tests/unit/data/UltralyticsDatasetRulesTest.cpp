// GraphLens reads a YOLO dataset as Ultralytics reads it, compared on the same files with Ultralytics'
// own loader (tests/fixtures/ultralytics_dataset_rules.py): labels past the image within its
// tolerance, a key written twice, a split that lists one folder several times. Plus the cost side:
// 200,000 aliases of one folder load in moments, and an alias bomb is refused naming the file.
#include "TestFiles.h"
#include "UltralyticsDatasetReference.h"
#include "data/DatasetError.h"
#include "data/YoloDataset.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

using namespace graphlens;

namespace {

// Ultralytics' view of the YAML, or a skip (a failure under GRAPHLENS_REQUIRE_REFERENCES=1) without it.
#define REQUIRE_SAME_AS_ULTRALYTICS(yaml, task)                                  \
    do {                                                                          \
        std::string missingReference;                                             \
        const auto reference = testing::ultralyticsLoads(yaml, task, missingReference); \
        if (!reference) GRAPHLENS_SKIP_MISSING_REFERENCE(missingReference);       \
        CHECK(testing::graphLensLoads(yaml) == *reference);                       \
    } while (false)

// images/train/img<i>.jpg, each with labels[i] as its label file.
template <std::size_t N>
void writeTrainImages(const testing::TempDir& dir, const char* const (&labels)[N]) {
    for (std::size_t i = 0; i < N; ++i) {
        const std::string name = "img" + std::to_string(i);
        testing::writeImage(dir / ("images/train/" + name + ".jpg"), 64, 48, static_cast<int>(i));
        testing::writeText(dir / ("labels/train/" + name + ".txt"), labels[i]);
    }
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("oriented-box corners past the image are kept as Ultralytics keeps them, within its tolerance",
          "[data][yolo][obb][reference]") {
    testing::TempDir dir;
    for (const char* name : {"a", "b", "c", "d"}) testing::writeImage(dir / "images/train" / (std::string(name) + ".jpg"));
    testing::writeImage(dir / "images/val/a.jpg");
    // dota8's own kind of label: a corner at x = 1.04 and one at -0.003 (kept, not clipped).
    testing::writeText(dir / "labels/train/a.txt", "0 0.8 0.1 1.04 0.2 1.0 0.5 0.78 0.4\n");
    testing::writeText(dir / "labels/train/b.txt", "1 -0.003 0.1 0.3 0.1 0.3 0.4 -0.003 0.4\n");
    // Corners from 1.0 to 1.05: the box around them has cx = 1.025, past 1.01: both skip the image.
    testing::writeText(dir / "labels/train/c.txt", "0 1.0 0.1 1.05 0.1 1.05 0.2 1.0 0.2\n");
    // Corners from -0.4 to 0.6: a box of cx 0.1 and w 1.0, which Ultralytics accepts (it never checks a corner).
    testing::writeText(dir / "labels/train/d.txt", "1 -0.4 0.2 0.6 0.2 0.6 0.3 -0.4 0.3\n");
    testing::writeText(dir / "labels/val/a.txt", "0 0.5 0.5 0.9 0.5 0.9 0.9 0.5 0.9\n");
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/val\nnames: [x, y]\ntask: obb\n");

    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    REQUIRE(dataset.splits[0].images.size() == 3);
    CHECK(dataset.skippedImages == 1);
    CHECK(dataset.splits[0].images[0].polygons[0].points[1].x == 1.04f);
    CHECK(dataset.splits[0].images[1].polygons[0].points[0].x == -0.003f);
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "obb");
}

TEST_CASE("detection boxes past the image follow Ultralytics' 1% tolerance", "[data][yolo][reference]") {
    testing::TempDir dir;
    const char* labels[] = {"0 1.005 -0.005 0.2 0.2\n",   // kept: cx and cy within 1%
                            "0 0.5 0.5 1.01 0.3\n",        // kept: w at the edge
                            "1 1.02 0.5 0.2 0.2\n",        // skipped: cx past 1.01
                            "1 0.5 0.5 -0.005 0.2\n",      // skipped: a negative width
                            "0 0.5 -0.02 0.2 0.2\n"};      // skipped: cy below -0.01
    writeTrainImages(dir, labels);
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [x, y]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.splits[0].images.size() == 2);
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "detect");
}

TEST_CASE("a key written twice in the dataset YAML keeps its last value, as PyYAML does for Ultralytics",
          "[data][yolo][reference]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg");
    testing::writeImage(dir / "images/first/a.jpg");
    testing::writeImage(dir / "images/last/a.jpg");
    testing::writeImage(dir / "images/last/b.jpg");
    testing::writeText(dir / "labels/last/a.txt", "2 0.5 0.5 0.2 0.2\n");
    testing::writeText(dir / "data.yaml",
                       "train: images/train\nval: images/first\nnames: [one]\nval: images/last\n"
                       "names: {0: a, 1: b, 2: c, 0: z}\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    REQUIRE(dataset.splits.size() == 2);
    CHECK(dataset.splits[1].images.size() == 2);
    CHECK(dataset.names == std::vector<std::string>{"z", "b", "c"});
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "detect");
}

TEST_CASE("a split that lists one folder three times has each image three times, as in Ultralytics",
          "[data][yolo][reference]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg", 64, 48, 1);
    testing::writeImage(dir / "images/train/b.jpg", 64, 48, 2);
    testing::writeText(dir / "labels/train/a.txt", "0 0.5 0.5 0.2 0.2\n1 0.3 0.3 0.1 0.1\n");
    testing::writeText(dir / "data.yaml",
                       "train: [images/train, images/train, images/train]\nval: images/train\nnames: [x, y]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    REQUIRE(dataset.splits[0].images.size() == 6);
    CHECK(dataset.splits[0].labelFiles == 3);
    CHECK(dataset.splits[0].objects == 6);
    CHECK(dataset.splits[1].images.size() == 2);
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "detect");
}

TEST_CASE("200,000 aliases of one folder load in moments, each image counted once per alias", "[data][yolo][hostile]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg");
    testing::writeText(dir / "labels/train/a.txt", "0 0.5 0.5 0.2 0.2\n");
    std::string yaml = "names: [x]\nval: images/train\nfolder: &a images/train\ntrain:\n";
    constexpr int kAliases = 200000;
    for (int i = 0; i < kAliases; ++i) yaml += "  - *a\n";
    testing::writeText(dir / "data.yaml", yaml);
    const auto start = std::chrono::steady_clock::now();
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    CHECK(secondsSince(start) < 5.0);
    REQUIRE(dataset.splits[0].images.size() == kAliases);
    CHECK(dataset.splits[0].objects == kAliases);
    CHECK(dataset.splits[0].images.back().image == dir / "images/train/a.jpg");
}

TEST_CASE("a YAML whose nested aliases expand past a million values is refused naming the file and key",
          "[data][yolo][hostile]") {
    testing::TempDir dir;
    // Billion laughs: each level lists the previous one ten times, 10^9 values in all.
    std::string yaml = "names: [x]\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int level = 1; level <= 8; ++level) {
        const std::string previous = "*l" + std::to_string(level - 1);
        yaml += "l" + std::to_string(level) + ": &l" + std::to_string(level) + " [";
        for (int i = 0; i < 10; ++i) yaml += (i ? ", " : "") + previous;
        yaml += "]\n";
    }
    yaml += "train: *l8\nval: *l8\n";
    testing::writeText(dir / "data.yaml", yaml);
    const auto start = std::chrono::steady_clock::now();
    const std::string error = testing::yoloDatasetError(dir / "data.yaml");
    CHECK(secondsSince(start) < 5.0);
    CHECK_THAT(error, Catch::StartsWith((dir / "data.yaml").string() + ":") &&
                          Catch::Contains("expands to more than 1000000 values through nested aliases (an alias bomb"));
}

TEST_CASE("a NUL character in a YAML path or a list line is refused, never walked as the folder before it",
          "[data][yolo][hostile]") {
    testing::TempDir dir;
    testing::writeImage(dir / "ds/images/train/a.jpg");
    testing::writeImage(dir / "ds/images/val/b.jpg");
    const auto yaml = dir / "ds/data.yaml";
    // Found by the dataset YAML fuzzer: the kernel reads "path" only up to the NUL, so the root and
    // every folder below it listed the root again, a walk that ended in a stack overflow.
    using namespace std::string_literals;
    testing::writeText(yaml, "path: 'sub\0\0'\ntrain: images/train\nval: images/val\nnames: [x]\n"s);
    CHECK(testing::yoloDatasetError(yaml) == yaml.string() + ":1: path holds a NUL character (expected the dataset root folder)");
    testing::writeText(yaml, "train: \"images\\0/train\"\nval: images/val\nnames: [x]\n");  // the escape form
    CHECK_THAT(testing::yoloDatasetError(yaml), Catch::StartsWith(yaml.string() + ":1: train entry holds a NUL character"));
    // In a list file the line is a defect of its own; the other lines load.
    testing::writeText(dir / "ds/train.txt", "images/train/a.jpg\0junk\nimages/val/b.jpg\n"s);
    testing::writeText(yaml, "train: train.txt\nval: images/val\nnames: [x]\n");
    const auto dataset = data::loadYoloDataset(yaml);
    REQUIRE(dataset.split("train").images.size() == 1);
    CHECK(dataset.split("train").images[0].image == dir / "ds/images/val/b.jpg");
    REQUIRE(dataset.warnings.size() == 1);
    CHECK_THAT(dataset.warnings[0], Catch::StartsWith((dir / "ds/train.txt").string() + ":1: image path holds a NUL character"));
}

TEST_CASE("pose keypoints past the image follow Ultralytics' tolerance, and its box has no upper bound there",
          "[data][yolo][pose][reference]") {
    testing::TempDir dir;
    const char* labels[] = {"0 0.5 0.5 0.4 0.4 1.005 -0.005 2 0.3 0.3 1\n",  // kept: keypoints within 1%
                            "0 0.95 0.5 1.2 0.4 0.5 0.5 2 0.3 0.3 3\n",      // kept: a wide box, visibility 3
                            "0 0.5 0.5 0.4 0.4 1.02 0.5 2 0.3 0.3 1\n",      // skipped: keypoint x past 1.01
                            "0 0.5 0.5 0.4 0.4 0.5 0.5 -0.02 0.3 0.3 1\n",   // skipped: a visibility below -0.01
                            "0 0.5 -0.02 0.4 0.4 0.5 0.5 2 0.3 0.3 1\n"};    // skipped: cy below -0.01
    writeTrainImages(dir, labels);
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [person]\nkpt_shape: [2, 3]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    CHECK(dataset.splits[0].images.size() == 2);
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "pose");
}

TEST_CASE("x y keypoints with a negative coordinate are kept and not labelled, as in Ultralytics",
          "[data][yolo][pose][reference]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/train/a.jpg", 64, 48, 1);
    testing::writeImage(dir / "images/train/b.jpg", 64, 48, 2);
    testing::writeText(dir / "labels/train/a.txt", "0 0.5 0.5 0.4 0.4 -0.004 0.5 0.3 0.3\n");
    testing::writeText(dir / "labels/train/b.txt", "0 0.5 0.5 0.4 0.4 0.2 0.5 0.3 1.01\n");
    testing::writeText(dir / "data.yaml", "train: images/train\nval: images/train\nnames: [person]\nkpt_shape: [2, 2]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    REQUIRE(dataset.splits[0].images.size() == 2);
    CHECK(dataset.splits[0].images[0].keypoints[0].visibility == 0.0f);
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "pose");
}

TEST_CASE("a split's images are sorted by path across all its folders and list files, as in Ultralytics",
          "[data][yolo][reference]") {
    testing::TempDir dir;
    testing::writeImage(dir / "images/zeta/b.jpg", 64, 48, 1);
    testing::writeImage(dir / "images/zeta/a.jpg", 64, 48, 2);
    testing::writeImage(dir / "images/alpha/c.jpg", 64, 48, 3);
    testing::writeImage(dir / "images/alpha/B.jpg", 64, 48, 4);
    testing::writeImage(dir / "images/mid/x.jpg", 64, 48, 5);
    testing::writeText(dir / "labels/zeta/a.txt", "0 0.5 0.5 0.2 0.2\n");
    testing::writeText(dir / "labels/alpha/c.txt", "1 0.5 0.5 0.2 0.2\n");
    // A list file naming an image of another folder, listed between the two folders.
    testing::writeText(dir / "mid.txt", "./images/mid/x.jpg\n");
    testing::writeText(dir / "data.yaml",
                       "train: [images/zeta, mid.txt, images/alpha]\nval: images/zeta\nnames: [x, y]\n");
    const auto dataset = data::loadYoloDataset(dir / "data.yaml");
    REQUIRE(dataset.splits[0].images.size() == 5);
    CHECK(dataset.splits[0].images[0].image.filename() == "B.jpg");
    REQUIRE_SAME_AS_ULTRALYTICS(dir / "data.yaml", "detect");
}
