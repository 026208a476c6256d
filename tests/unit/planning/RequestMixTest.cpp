// The request-mix reader: logs, histograms and both mixed, image sizes, merging, the text forms a
// user's file comes in (comments, CRLF, BOM), every refusal with its file and line, files on disk,
// and the three mixes shipped in resources/mixes.
#include "planning/RequestMix.h"
#include "support/ScratchFolder.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include <unistd.h>

using namespace graphlens::planning;
using TempDir = graphlens::testing::ScratchFolder;
namespace fs = std::filesystem;

namespace {


void writeBytes(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

RequestMix parse(const std::string& text, int maxBatch = kMaxPlannedBatch) { return parseRequestMix(text, "mix.txt", maxBatch); }

// The message parse refuses `text` with ("" when it reads it).
std::string refusal(const std::string& text, int maxBatch = kMaxPlannedBatch) {
    try {
        parse(text, maxBatch);
    } catch (const MixError& error) {
        return error.what();
    }
    return "";
}

std::string readRefusal(const fs::path& file) {
    try {
        readRequestMix(file);
    } catch (const MixError& error) {
        return error.what();
    }
    return "";
}

const std::string kSizeExpected =
    "(expected a batch such as 8, or an image size and a batch such as 640x8, optionally followed by a count)";

}  // namespace

TEST_CASE("A log mix counts one request per line, merged per batch and sorted", "[planning][mix]") {
    const auto mix = parse("8\n1\n8\n32\n8\n1\n");
    CHECK(mix.source == "mix.txt");
    REQUIRE(mix.entries.size() == 3);
    CHECK(mix.entries[0].shape == RequestShape{0, 1});
    CHECK(mix.entries[0].count == 2);
    CHECK(mix.entries[0].firstLine == 2);
    CHECK(mix.entries[1].shape == RequestShape{0, 8});
    CHECK(mix.entries[1].count == 3);
    CHECK(mix.entries[1].firstLine == 1);
    CHECK(mix.entries[2].shape == RequestShape{0, 32});
    CHECK(mix.entries[2].firstLine == 4);
    CHECK(mix.total() == 6);
    CHECK(mix.share({0, 8}) == Approx(0.5));
    CHECK(mix.share({0, 2}) == 0);
    CHECK(mix.largestBatch() == 32);
    CHECK_FALSE(mix.hasImageSizes());
}

TEST_CASE("A histogram mix takes whole and decimal counts", "[planning][mix]") {
    const auto mix = parse("1 120\n4 0.25\n16 1e3\n");
    REQUIRE(mix.entries.size() == 3);
    CHECK(mix.entries[0].count == 120);
    CHECK(mix.entries[1].count == 0.25);
    CHECK(mix.entries[2].count == 1000);
    CHECK(mix.total() == Approx(1120.25));
    CHECK(mix.share({0, 1}) == Approx(120 / 1120.25));
}

TEST_CASE("Log and histogram lines mix, and a shape's counts add up across them", "[planning][mix]") {
    const auto mix = parse("8 10\n8\n2 3\n8 0.5\n");
    REQUIRE(mix.entries.size() == 2);
    CHECK(mix.entries[0].shape == RequestShape{0, 2});
    CHECK(mix.entries[1].shape == RequestShape{0, 8});
    CHECK(mix.entries[1].count == 11.5);
    CHECK(mix.entries[1].firstLine == 1);
}

TEST_CASE("Image sizes: 640x8 and 640X8 are one shape, ordered by image size then batch", "[planning][mix]") {
    const auto mix = parse("640x8 2\n320x16\n640X8\n8\n640x1\n");
    REQUIRE(mix.entries.size() == 4);
    CHECK(mix.entries[0].shape == RequestShape{0, 8});  // no image size: the family's default
    CHECK(mix.entries[1].shape == RequestShape{320, 16});
    CHECK(mix.entries[2].shape == RequestShape{640, 1});
    CHECK(mix.entries[3].shape == RequestShape{640, 8});
    CHECK(mix.entries[3].count == 3);
    CHECK(mix.entries[3].firstLine == 1);
    CHECK(mix.hasImageSizes());
    CHECK(mix.largestBatch() == 16);
    CHECK(describe(mix.entries[3].shape) == "640x8");
    CHECK(parse("32x1\n8192x1\n").entries.size() == 2);  // both ends of the image size range
}

TEST_CASE("Comments, blank lines, tabs, CRLF and a BOM are read", "[planning][mix]") {
    const auto mix = parse("\xef\xbb\xbf# requests by batch\r\n\r\n   \r\n\t\r\n8\t120  # peak hour\r\n  4 \t 3\r\n#8 1000\r\n16");
    REQUIRE(mix.entries.size() == 3);
    CHECK(mix.entries[0].shape == RequestShape{0, 4});
    CHECK(mix.entries[0].firstLine == 6);
    CHECK(mix.entries[1].count == 120);
    CHECK(mix.entries[1].firstLine == 5);
    CHECK(mix.entries[2].shape == RequestShape{0, 16});  // last line without a newline
    CHECK(mix.entries[2].firstLine == 8);
    CHECK(parse("8#comment right after\n").total() == 1);
    CHECK(parse("# \xc3\xa9t\xc3\xa9 (UTF-8 in a comment)\n8\n").total() == 1);
}

TEST_CASE("A size that is not one is refused with file and line", "[planning][mix]") {
    CHECK(refusal("8\n\nabc\n") == "mix.txt:3: 'abc' is not a request size " + kSizeExpected);
    CHECK(refusal("8.5\n") == "mix.txt:1: '8.5' is not a request size " + kSizeExpected);
    CHECK(refusal("+8\n") == "mix.txt:1: '+8' is not a request size " + kSizeExpected);
    CHECK(refusal("x8\n") == "mix.txt:1: 'x8' is not a request size " + kSizeExpected);
    CHECK(refusal("640x\n") == "mix.txt:1: '640x' is not a request size " + kSizeExpected);
    CHECK(refusal("640x8x2\n") == "mix.txt:1: '640x8x2' is not a request size " + kSizeExpected);
    CHECK(refusal("0x1f\n") == "mix.txt:1: '0x1f' is not a request size " + kSizeExpected);
    CHECK(refusal("8abc 3\n") == "mix.txt:1: '8abc' is not a request size " + kSizeExpected);
    CHECK(refusal("1,000\n") == "mix.txt:1: '1,000' is not a request size " + kSizeExpected);
    // A control byte in the token is escaped: the message stays one line.
    CHECK(refusal("8\r9\n") == "mix.txt:1: '8\\x0d9' is not a request size " + kSizeExpected);
}

TEST_CASE("A batch out of range is refused saying what is allowed", "[planning][mix]") {
    CHECK(refusal("8\n0\n") == "mix.txt:2: batch 0 is not a batch (expected 1 or more)");
    CHECK(refusal("-3\n") == "mix.txt:1: batch -3 is negative (expected 1 or more)");
    CHECK(refusal("1\n2\n3\n4\n5000\n") == "mix.txt:5: batch 5000 is above the largest batch a plan is made for (4096)");
    CHECK(refusal("4096\n").empty());
    CHECK(refusal("64 10\n65 10\n", /*maxBatch=*/64) == "mix.txt:2: batch 65 is above the largest batch a plan is made for (64)");
    // Past what an integer holds: the same refusal, with the digits as written.
    CHECK(refusal("99999999999999999999999\n") ==
          "mix.txt:1: batch 99999999999999999999999 is above the largest batch a plan is made for (4096)");
    CHECK(refusal("640x0\n") == "mix.txt:1: batch 0 is not a batch (expected 1 or more)");
    CHECK(refusal("640x-2\n") == "mix.txt:1: batch -2 is negative (expected 1 or more)");
}

TEST_CASE("An image size must be a multiple of 32 from 32 to 8192", "[planning][mix]") {
    const std::string expected = "(expected a multiple of 32 from 32 to 8192, such as 640)";
    CHECK(refusal("650x8\n") == "mix.txt:1: image size 650 is not a multiple of 32 " + expected);
    CHECK(refusal("16x8\n") == "mix.txt:1: image size 16 is out of range " + expected);
    CHECK(refusal("8224x8\n") == "mix.txt:1: image size 8224 is out of range " + expected);
    CHECK(refusal("0x10\n") == "mix.txt:1: image size 0 is out of range " + expected);  // not hex 16
    CHECK(refusal("-640x8\n") == "mix.txt:1: image size -640 is negative " + expected);
    CHECK(refusal("99999999999999999999x8\n") == "mix.txt:1: image size 99999999999999999999 is out of range " + expected);
}

TEST_CASE("A count must be a finite number above zero", "[planning][mix]") {
    const std::string expected = "(expected a number of requests above 0, such as 120 or 0.25";
    CHECK(refusal("8 1\n4 0\n") == "mix.txt:2: count 0 is zero " + expected + "; leave the line out instead)");
    CHECK(refusal("4 0.0\n") == "mix.txt:1: count 0.0 is zero " + expected + "; leave the line out instead)");
    CHECK(refusal("4 -3\n") == "mix.txt:1: count -3 is negative " + expected + ")");
    CHECK(refusal("4 abc\n") == "mix.txt:1: count 'abc' is not a number " + expected + ")");
    CHECK(refusal("4 +3\n") == "mix.txt:1: count '+3' is not a number " + expected + ")");
    CHECK(refusal("4 0x10\n") == "mix.txt:1: count '0x10' is not a number " + expected + ")");
    CHECK(refusal("4 12abc\n") == "mix.txt:1: count '12abc' is not a number " + expected + ")");
    CHECK(refusal("4 inf\n") == "mix.txt:1: count 'inf' is not finite " + expected + ")");
    CHECK(refusal("4 nan\n") == "mix.txt:1: count 'nan' is not finite " + expected + ")");
    CHECK(refusal("4 1e400\n") == "mix.txt:1: count '1e400' is out of range " + expected + ")");
    CHECK(refusal("4 1e308\n8 1e308\n") ==
          "mix.txt:2: the counts add up past the largest number (expected counts below 1e308 in all)");
}

TEST_CASE("Anything after the count is refused", "[planning][mix]") {
    CHECK(refusal("8 120\n8 120 x\n") ==
          "mix.txt:2: unexpected 'x' after the count (expected a size, optionally followed by a count)");
    CHECK(refusal("8 120 7\n") ==
          "mix.txt:1: unexpected '7' after the count (expected a size, optionally followed by a count)");
    CHECK(refusal("8 120 # a comment is fine\n").empty());
}

TEST_CASE("A mix without requests is refused for the whole file", "[planning][mix]") {
    const std::string message = "mix.txt: no requests (expected one request size per line, or 'size count' lines)";
    CHECK(refusal("") == message);
    CHECK(refusal("\xef\xbb\xbf") == message);
    CHECK(refusal("# only a comment\n\n  \t\n\r\n") == message);
}

TEST_CASE("NUL bytes and invalid UTF-8 are refused naming the line", "[planning][mix]") {
    CHECK(refusal(std::string("8\n4\0\n", 5)) == "mix.txt:2: holds a NUL byte (expected a text file)");
    CHECK(refusal("8\n# caf\xe9 latin-1\n") == "mix.txt:2: is not valid UTF-8 (expected a text file)");
    CHECK(refusal("8\n4 \xc3\n") == "mix.txt:2: is not valid UTF-8 (expected a text file)");   // cut short
    CHECK(refusal("\xc0\xaf\n") == "mix.txt:1: is not valid UTF-8 (expected a text file)");    // overlong
    CHECK(refusal("\xed\xa0\x80\n") == "mix.txt:1: is not valid UTF-8 (expected a text file)");  // surrogate
    CHECK(refusal("\xef\xbb\xbf\xef\xbb\xbf" "8\n") == "mix.txt:1: '\xef\xbb\xbf" "8' is not a request size " + kSizeExpected);
}

TEST_CASE("readRequestMix reads a file and names it in messages", "[planning][mix]") {
    TempDir dir;
    const auto file = dir / "mix.txt";
    writeBytes(file, "# a test mix\r\n640x8 10\r\n640x1\r\n");
    const auto mix = readRequestMix(file);
    CHECK(mix.source == file.string());
    REQUIRE(mix.entries.size() == 2);
    CHECK(mix.total() == 11);

    writeBytes(file, "8\n\n9 x\n");
    CHECK(readRefusal(file) == file.string() + ":3: count 'x' is not a number (expected a number of requests above 0, such as 120 or 0.25)");
    writeBytes(file, "8\n16\n");
    CHECK(readRefusal(file).empty());
    CHECK_THROWS_WITH(readRequestMix(file, /*maxBatch=*/8),
                      file.string() + ":2: batch 16 is above the largest batch a plan is made for (8)");
    writeBytes(file, "");
    CHECK(readRefusal(file) == file.string() + ": no requests (expected one request size per line, or 'size count' lines)");
    writeBytes(file, std::string("8\n\0", 3));
    CHECK(readRefusal(file) == file.string() + ":2: holds a NUL byte (expected a text file)");
}

TEST_CASE("readRequestMix refuses a missing file, a folder and a file above 64 MiB", "[planning][mix]") {
    TempDir dir;
    CHECK(readRefusal(dir / "absent.txt") == (dir / "absent.txt").string() + ": cannot be read (no such file)");
    fs::create_directories(dir / "folder");
    CHECK(readRefusal(dir / "folder") == (dir / "folder").string() + ": cannot be read (it is a folder, expected a file)");

    const auto huge = dir / "huge.txt";
    writeBytes(huge, "8\n");
    fs::resize_file(huge, (64u << 20) + 1);  // sparse: no 64 MiB written
    CHECK(readRefusal(huge) == huge.string() + ": 67108865 bytes is too large for a request mix (expected at most 64 MiB; a "
                                                "histogram, 'size count' lines, holds any log in a few lines)");
}

TEST_CASE("The shipped mixes parse and hold the demand their headers describe", "[planning][mix]") {
    const fs::path mixes = GRAPHLENS_MIXES_DIR;

    const auto uniform = readRequestMix(mixes / "uniform-1-64.txt");
    REQUIRE(uniform.entries.size() == 64);
    for (int b = 1; b <= 64; ++b) CHECK(uniform.share({0, b}) == Approx(1.0 / 64));
    CHECK(uniform.largestBatch() == 64);

    const auto longTail = readRequestMix(mixes / "long-tail-1-64.txt");
    REQUIRE(longTail.entries.size() == 64);
    for (const auto& entry : longTail.entries) {
        CHECK(entry.count == std::round(10000 / std::pow(entry.shape.batch, 1.5)));
    }
    CHECK(longTail.share({0, 1}) > 0.3);

    const auto bimodal = readRequestMix(mixes / "bimodal-1-32.txt");
    REQUIRE(bimodal.entries.size() == 2);
    CHECK(bimodal.share({0, 1}) == Approx(0.7));
    CHECK(bimodal.share({0, 32}) == Approx(0.3));

    for (const auto* mix : {&uniform, &longTail, &bimodal}) CHECK_FALSE(mix->hasImageSizes());
}
