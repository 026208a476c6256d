// Label rows in every YOLO format (boxes, polygons, oriented boxes, pose keypoints), each bad row
// rejected with file, line and what was expected.
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/LabelFile.h"
#include "data/ImageCodec.h"
#include "data/ImageFiles.h"
#include "data/RegularFile.h"

#include <sys/stat.h>

#include <filesystem>

#include <catch2/catch.hpp>

using namespace graphlens;
using data::readLabelFile;
using data::SampleDefect;

namespace {

std::string defectOf(const std::string& contents, int classCount = 3, data::LabelRules rules = {}) {
    testing::TempDir dir;
    const auto file = dir / "a.txt";
    testing::writeText(file, contents);
    rules.classCount = classCount;
    try {
        data::readLabels(file, rules);
    } catch (const SampleDefect& defect) {
        const std::string message = defect.what();
        const std::string prefix = file.string();
        REQUIRE(message.rfind(prefix, 0) == 0);  // names the file first
        return message.substr(prefix.size());
    }
    FAIL("no defect reported");
    return {};
}

}  // namespace

TEST_CASE("label rows parse, blank lines are ignored and an empty file is a background", "[data][labels]") {
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "0 0.5 0.5 0.25 0.125\n\n  2 1 0 0.5 1  \r\n");
    const auto boxes = readLabelFile(dir / "a.txt", 3);
    REQUIRE(boxes.size() == 2);
    CHECK(boxes[0].cls == 0);
    CHECK(boxes[0].cx == 0.5f);
    CHECK(boxes[0].w == 0.25f);
    CHECK(boxes[0].h == 0.125f);
    CHECK(boxes[1].cls == 2);
    CHECK(boxes[1].cx == 1.0f);
    CHECK(boxes[1].cy == 0.0f);
    testing::writeText(dir / "empty.txt", "");
    CHECK(readLabelFile(dir / "empty.txt", 3).empty());
}

TEST_CASE("label rows with a field count no format has name file, line and the formats accepted", "[data][labels]") {
    const std::string accepted = "5 fields: class cx cy w h, or a class and 3 or more x y polygon points: 7, 9, 11, ... fields";
    CHECK(defectOf("0 0.5 0.5 0.5 0.5\n1 0.5 0.5 0.5\n") == ":2: 4 fields fit no label format (expected " + accepted + ")");
    CHECK(defectOf("0 0.5 0.5 0.5 0.5 0.9\n") ==
          ":1: 6 fields fit no label format (expected " + accepted + "; an even count is no polygon: pose labels need kpt_shape in the YAML)");
    CHECK(defectOf("0 0.5 0.5\n") == ":1: 3 fields fit no label format (expected " + accepted + ")");
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "0 0.5 0.5 0.5\n");
    try {
        data::readLabels(dir / "a.txt", {});
        FAIL("no defect");
    } catch (const data::LabelFormatDefect& defect) {
        CHECK(defect.seen == "4 fields");
        CHECK(defect.expected == accepted);
    }
}

TEST_CASE("class ids must be integers below nc", "[data][labels]") {
    CHECK(defectOf("3 0.5 0.5 0.5 0.5\n") == ":1: class id 3 is out of range (expected 0..2 for nc = 3)");
    CHECK(defectOf("\n-1 0.5 0.5 0.5 0.5\n") == ":2: class id -1 is out of range (expected 0..2 for nc = 3)");
    CHECK(defectOf("1.5 0.5 0.5 0.5 0.5\n") == ":1: class id '1.5' is not an integer (expected 0..2)");
    CHECK(defectOf("one 0.5 0.5 0.5 0.5\n") == ":1: class id 'one' is not an integer (expected 0..2)");
    CHECK(defectOf("3.0 0.5 0.5 0.5 0.5\n") == ":1: class id 3.0 is out of range (expected 0..2 for nc = 3)");
}

TEST_CASE("class ids written as floats with an integral value are accepted", "[data][labels]") {
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "16.0 0.5 0.5 0.25 0.25\n2.000 0.5 0.5 0.1 0.1\n1e1 0.5 0.5 0.1 0.1\n");
    const auto boxes = readLabelFile(dir / "a.txt", 20);
    REQUIRE(boxes.size() == 3);
    CHECK(boxes[0].cls == 16);
    CHECK(boxes[1].cls == 2);
    CHECK(boxes[2].cls == 10);
}

TEST_CASE("a UTF-8 byte-order mark is skipped, UTF-16 is refused naming the cause", "[data][labels][bad-input]") {
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "\xEF\xBB\xBF" "1 0.5 0.5 0.25 0.25\r\n0 0.1 0.1 0.1 0.1\r\n");
    const auto boxes = readLabelFile(dir / "a.txt", 3);
    REQUIRE(boxes.size() == 2);
    CHECK(boxes[0].cls == 1);
    CHECK(defectOf(std::string("\xFF\xFE" "1\0 \0", 6)) == ": is UTF-16 text (byte-order mark FF FE; expected UTF-8 or ASCII text)");
}

TEST_CASE("polygon lines keep their points and give their bounding box", "[data][labels][segment]") {
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "1 0.1 0.2 0.5 0.2 0.3 0.6\n0 0.5 0.5 0.2 0.2\n2 0.1 0.1 0.9 0.1 0.9 0.9 0.1 0.9\n");
    const auto labels = data::readLabels(dir / "a.txt", {3});
    REQUIRE(labels.boxes.size() == 3);
    CHECK(labels.boxes[0].cls == 1);
    CHECK(labels.boxes[0].cx == Approx(0.3f));
    CHECK(labels.boxes[0].cy == Approx(0.4f));
    CHECK(labels.boxes[0].w == Approx(0.4f));
    CHECK(labels.boxes[0].h == Approx(0.4f));
    REQUIRE(labels.polygons.size() == 3);
    REQUIRE(labels.polygons[0].points.size() == 3);
    CHECK(labels.polygons[0].points[2].x == 0.3f);
    CHECK(labels.polygons[0].points[2].y == 0.6f);
    // A box line among polygons becomes its rectangle, so polygons stay one per object.
    REQUIRE(labels.polygons[1].points.size() == 4);
    CHECK(labels.polygons[1].points[0].x == Approx(0.4f));
    CHECK(labels.polygons[1].points[2].y == Approx(0.6f));
    CHECK(labels.polygons[2].points.size() == 4);
    CHECK(labels.boxLines == 1);
    CHECK(labels.polygonLines == 1);
    CHECK(labels.quadLines == 1);
    // Box-only files carry no polygons.
    testing::writeText(dir / "b.txt", "0 0.5 0.5 0.2 0.2\n");
    CHECK(data::readLabels(dir / "b.txt", {3}).polygons.empty());
    // Ultralytics checks the box around the points, not the points: x from 0.1 to 1.3 is 1.2 wide.
    CHECK(defectOf("0 0.1 0.1 0.2 0.2 1.3 0.3\n") ==
          ":1: the points' bounding box has w = 1.1999999, outside [0, 1.01] (expected normalised points whose bounding "
          "box reaches at most 1% past the image, as Ultralytics allows)");
    CHECK(defectOf("0 0.1 0.1 0.2 0.2 0.3 y\n") == ":1: y3 'y' is not a number (expected a normalised value in [0, 1])");
}

TEST_CASE("task obb accepts only 9-field lines", "[data][labels][obb]") {
    data::LabelRules obb;
    obb.task = data::LabelRules::Task::Obb;
    CHECK(defectOf("0 0.5 0.5 0.5 0.5\n", 3, obb) ==
          ":1: 5 fields (expected 9 fields: class x1 y1 x2 y2 x3 y3 x4 y4, an oriented box, as the YAML says task: obb)");
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "0 0.2 0.1 0.4 0.3 0.3 0.5 0.1 0.3\n");
    obb.classCount = 1;
    const auto labels = data::readLabels(dir / "a.txt", obb);
    REQUIRE(labels.boxes.size() == 1);
    CHECK(labels.boxes[0].cx == Approx(0.25f));
    CHECK(labels.boxes[0].cy == Approx(0.3f));
    CHECK(labels.boxes[0].w == Approx(0.3f));
    CHECK(labels.boxes[0].h == Approx(0.4f));
    CHECK(labels.polygons.at(0).points.size() == 4);
}

TEST_CASE("pose lines carry K keypoints after the box", "[data][labels][pose]") {
    data::LabelRules pose;
    pose.classCount = 2;
    pose.task = data::LabelRules::Task::Pose;
    pose.keypoints = 2;
    pose.keypointDims = 3;
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "1 0.5 0.5 0.4 0.4 0.4 0.4 2 0 0 0\n0 0.2 0.2 0.1 0.1 0.2 0.25 1.0 0.21 0.2 2\n");
    const auto labels = data::readLabels(dir / "a.txt", pose);
    REQUIRE(labels.boxes.size() == 2);
    CHECK(labels.boxes[0].w == 0.4f);
    CHECK(labels.polygons.empty());
    REQUIRE(labels.keypoints.size() == 4);
    CHECK(labels.keypoints[0].x == 0.4f);
    CHECK(labels.keypoints[0].visibility == 2.0f);
    CHECK(labels.keypoints[1].visibility == 0.0f);
    CHECK(labels.keypoints[2].y == 0.25f);
    CHECK(labels.keypoints[2].visibility == 1.0f);
    CHECK(defectOf("0 0.5 0.5 0.4 0.4\n", 2, pose) ==
          ":1: 5 fields (expected 11 fields: class cx cy w h and 2 keypoints x y visibility, from kpt_shape [2, 3])");
    const std::string tolerance = " (expected a normalised value, at most 1% past the image, as Ultralytics allows)";
    CHECK(defectOf("0 0.5 0.5 0.4 0.4 0.4 0.4 2 0.5 1.5 0\n", 2, pose) ==
          ":1: keypoint 2 y = 1.5 is outside [-0.01, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5 0.5 0.4 0.4 -0.02 0.4 2 0.5 0.5 0\n", 2, pose) ==
          ":1: keypoint 1 x = -0.02 is outside [-0.01, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5 0.5 0.4 0.4 0.4 0.4 -0.5 0.5 0.5 0\n", 2, pose) ==
          ":1: keypoint 1 visibility = -0.5 is below -0.01" + tolerance);
    CHECK(defectOf("0 0.5 0.5 -0.001 0.4 0.4 0.4 2 0.5 0.5 0\n", 2, pose) == ":1: w = -0.001 is below 0" + tolerance);
    // Within Ultralytics' tolerance: a keypoint 1% past the image, a box past it (only points are
    // bounded above there), a visibility written as 3.
    testing::writeText(dir / "c.txt", "0 0.9 0.5 1.3 0.4 1.005 -0.005 3 0.5 0.5 0\n");
    const auto loose = data::readLabels(dir / "c.txt", pose);
    REQUIRE(loose.keypoints.size() == 2);
    CHECK(loose.keypoints[0].x == 1.005f);
    CHECK(loose.boxes[0].w == 1.3f);
    CHECK(loose.keypoints[0].visibility == 3.0f);
    pose.keypointDims = 2;
    testing::writeText(dir / "b.txt", "0 0.5 0.5 0.4 0.4 0.4 0.4 0.6 0.6\n");
    const auto twoD = data::readLabels(dir / "b.txt", pose);
    REQUIRE(twoD.keypoints.size() == 2);
    CHECK(twoD.keypoints[1].x == 0.6f);
    CHECK(twoD.keypoints[1].visibility == 2.0f);  // no visibility column: visible
    // An x y keypoint with a negative coordinate (within the tolerance) is not labelled, as in Ultralytics.
    testing::writeText(dir / "d.txt", "0 0.5 0.5 0.4 0.4 -0.004 0.4 0.6 0.6\n");
    const auto offImage = data::readLabels(dir / "d.txt", pose);
    REQUIRE(offImage.keypoints.size() == 2);
    CHECK(offImage.keypoints[0].visibility == 0.0f);
    CHECK(offImage.keypoints[1].visibility == 2.0f);
}

TEST_CASE("coordinates must be numbers in [0, 1], with Ultralytics' 1% tolerance for boxes", "[data][labels]") {
    const std::string tolerance = " (expected a normalised value, at most 1% past the image, as Ultralytics allows)";
    CHECK(defectOf("0 1.2 0.5 0.5 0.5\n") == ":1: cx = 1.2 is outside [-0.01, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5 -0.0101 0.5 0.5\n") == ":1: cy = -0.0101 is outside [-0.01, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5 0.5 -0.001 0.5\n") == ":1: w = -0.001 is outside [0, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5 0.5 0.5 1.0101\n") == ":1: h = 1.0101 is outside [0, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5 0.5 nan 0.5\n") == ":1: w is NaN (expected a normalised value in [0, 1])");
    CHECK(defectOf("0 0.5 0.5 0.5 NaN\n") == ":1: h is NaN (expected a normalised value in [0, 1])");
    CHECK(defectOf("0 0.5 0.5 0.5 inf\n") == ":1: h = inf is outside [0, 1.01]" + tolerance);
    CHECK(defectOf("0 0.5x 0.5 0.5 0.5\n") == ":1: cx '0.5x' is not a number (expected a normalised value in [0, 1])");
    // The edges themselves are kept, as written (compared as float32, as numpy compares them).
    testing::TempDir dir;
    testing::writeText(dir / "edge.txt", "0 1.01 -0.01 1.01 0\n");
    const auto edge = readLabelFile(dir / "edge.txt", 3);
    REQUIRE(edge.size() == 1);
    CHECK(edge[0].cx == 1.01f);
    CHECK(edge[0].cy == -0.01f);
}

TEST_CASE("only regular files of a plausible size are read: a pipe, a device or a huge file is a named defect",
          "[data][labels][hostile]") {
    testing::TempDir dir;
    data::LabelRules rules;
    rules.classCount = 3;
    auto defect = [&](const std::filesystem::path& path) -> std::string {
        try {
            data::readLabels(path, rules);
        } catch (const SampleDefect& error) {
            return error.what();
        }
        return "no defect";
    };
    // A FIFO blocked the reader forever: it is refused without being opened.
    const auto fifo = dir / "fifo.txt";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THAT(defect(fifo), Catch::StartsWith(fifo.string()) && Catch::Contains("is not a regular file"));
    // /dev/zero read until memory ran out.
    CHECK_THAT(defect("/dev/zero"), Catch::Contains("is not a regular file"));
    // A folder where the label file should be.
    std::filesystem::create_directory(dir / "folder.txt");
    CHECK_THAT(defect(dir / "folder.txt"), Catch::Contains("is a folder (expected a label file)"));
    // A sparse file far larger than any label file (no disk used).
    const auto huge = dir / "huge.txt";
    testing::writeText(huge, "0 0.5 0.5 0.1 0.1\n");
    std::filesystem::resize_file(huge, data::kMaxLabelFileBytes + 1);
    CHECK_THAT(defect(huge), Catch::Contains("too large for a label file (at most 16.0 MiB)"));
}

TEST_CASE("an image file is checked for what it is before it is read: a sparse 3 GB '.jpg' is not read whole",
          "[data][images][hostile]") {
    testing::TempDir dir;
    const auto sparse = dir / "big.jpg";
    testing::writeText(sparse, std::string("\xFF\xD8\xFF\xE0", 4));
    std::filesystem::resize_file(sparse, std::uintmax_t{3} << 30);
    const auto problem = data::checkImageFile(sparse);
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::StartsWith(sparse.string()) && Catch::Contains("3072.0 MiB: too large for an image file (at most 256.0 MiB)"));
    CHECK_THROWS_WITH(data::readFileBytes(sparse.string()), Catch::Contains("too large for an image file"));
    const auto fifo = dir / "pipe.jpg";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THAT(data::checkImageFile(fifo).value_or(""), Catch::Contains("is not a regular file"));
}

TEST_CASE("numbers in labels read as Python reads them: 1e-50 is a number, not a defect", "[data][labels][hostile]") {
    testing::TempDir dir;
    testing::writeText(dir / "a.txt", "0 1e-50 0.5 0.25 0.125\n1 0.5 1E-400 0.25 0.125\n");
    const auto boxes = readLabelFile(dir / "a.txt", 3);
    REQUIRE(boxes.size() == 2);
    CHECK(boxes[0].cx == 0.0f);  // 1e-50 in float32
    CHECK(boxes[1].cy == 0.0f);  // below a double's range: 0, as float() gives
    // Above a double's range is infinite, so outside [-0.01, 1.01]; text is still not a number.
    CHECK_THAT(defectOf("0 1e400 0.5 0.25 0.125\n"), Catch::StartsWith(":1: cx = inf is outside [-0.01, 1.01]"));
    CHECK_THAT(defectOf("0 abc 0.5 0.25 0.125\n"), Catch::Contains("'abc' is not a number"));
}
