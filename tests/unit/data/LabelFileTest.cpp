// Label rows: "class cx cy w h", each bad row rejected with file, line and what was expected.
#include "TestFiles.h"
#include "data/DatasetError.h"
#include "data/LabelFile.h"

#include <catch2/catch.hpp>

using namespace graphlens;
using data::readLabelFile;
using data::SampleDefect;

namespace {

std::string defectOf(const std::string& contents, int classCount = 3) {
    testing::TempDir dir;
    const auto file = dir / "a.txt";
    testing::writeText(file, contents);
    try {
        readLabelFile(file, classCount);
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

TEST_CASE("label rows with the wrong field count name file and line", "[data][labels]") {
    CHECK(defectOf("0 0.5 0.5 0.5 0.5\n1 0.5 0.5 0.5\n") == ":2: expected 5 fields (class cx cy w h), found 4");
    CHECK(defectOf("0 0.5 0.5 0.5 0.5 0.9\n") == ":1: expected 5 fields (class cx cy w h), found 6");
}

TEST_CASE("class ids must be integers below nc", "[data][labels]") {
    CHECK(defectOf("3 0.5 0.5 0.5 0.5\n") == ":1: class id 3 is out of range (expected 0..2 for nc = 3)");
    CHECK(defectOf("\n-1 0.5 0.5 0.5 0.5\n") == ":2: class id -1 is out of range (expected 0..2 for nc = 3)");
    CHECK(defectOf("1.5 0.5 0.5 0.5 0.5\n") == ":1: class id '1.5' is not an integer (expected 0..2)");
}

TEST_CASE("coordinates must be numbers in [0, 1]", "[data][labels]") {
    CHECK(defectOf("0 1.2 0.5 0.5 0.5\n") == ":1: cx = 1.2 is outside [0, 1] (expected a normalised value)");
    CHECK(defectOf("0 0.5 -0.01 0.5 0.5\n") == ":1: cy = -0.01 is outside [0, 1] (expected a normalised value)");
    CHECK(defectOf("0 0.5 0.5 nan 0.5\n") == ":1: w is NaN (expected a normalised value in [0, 1])");
    CHECK(defectOf("0 0.5 0.5 0.5 NaN\n") == ":1: h is NaN (expected a normalised value in [0, 1])");
    CHECK(defectOf("0 0.5 0.5 0.5 inf\n") == ":1: h = inf is outside [0, 1] (expected a normalised value)");
    CHECK(defectOf("0 0.5x 0.5 0.5 0.5\n") == ":1: cx '0.5x' is not a number (expected a normalised value in [0, 1])");
}
