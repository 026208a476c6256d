#include "results/JsonlAutosave.h"
#include "results/MeasurementJson.h"
#include "results/Session.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

using namespace graphlens::results;
using namespace graphlens::results::testing;

namespace {

Measurement numbered(int batch) {
    Measurement m = fullRow();
    m.batch = batch;
    return m;
}

// What a kill in the middle of the write leaves behind: the first half of a row, no newline.
std::string halfARow() {
    const std::string line = toJson(numbered(99)).dump();
    return line.substr(0, line.size() / 2);
}

}  // namespace

TEST_CASE("JSONL autosave rows are readable after the writer is gone", "[results][jsonl]") {
    TempDir dir;
    const auto path = dir / "autosave.jsonl";
    {
        JsonlAutosave autosave(path);
        CHECK(autosave.path() == path);
        autosave.append(numbered(1));
        autosave.append(sparseRow());
        autosave.append(numbered(32));
    }
    const auto contents = readJsonlAutosave(path);
    CHECK(contents.skippedLines == 0);
    REQUIRE(contents.rows.size() == 3);
    CHECK(contents.rows[0] == numbered(1));
    CHECK(contents.rows[1] == sparseRow());
    CHECK(contents.rows[2] == numbered(32));

    // One compact JSON object per line, each line terminated.
    const std::string text = readBytes(path);
    CHECK(std::count(text.begin(), text.end(), '\n') == 3);
    CHECK(text.back() == '\n');
}

TEST_CASE("JSONL autosave rows are on disk as soon as append returns", "[results][jsonl]") {
    TempDir dir;
    const auto path = dir / "live.jsonl";
    JsonlAutosave autosave(path);
    CHECK(readJsonlAutosave(path).rows.empty());
    autosave.append(numbered(1));
    REQUIRE(readJsonlAutosave(path).rows.size() == 1);
    autosave.append(numbered(2));
    const auto contents = readJsonlAutosave(path);
    REQUIRE(contents.rows.size() == 2);
    CHECK(contents.rows[1].batch == 2);
}

TEST_CASE("JSONL autosave appends to an existing file instead of truncating it", "[results][jsonl]") {
    TempDir dir;
    const auto path = dir / "resume.jsonl";
    { JsonlAutosave(path).append(numbered(1)); }
    { JsonlAutosave(path).append(numbered(2)); }
    const auto contents = readJsonlAutosave(path);
    REQUIRE(contents.rows.size() == 2);
    CHECK(contents.rows[0].batch == 1);
    CHECK(contents.rows[1].batch == 2);
}

TEST_CASE("JSONL reader skips and counts a last line cut short by a kill", "[results][jsonl]") {
    TempDir dir;
    const auto path = dir / "killed.jsonl";
    {
        JsonlAutosave autosave(path);
        autosave.append(numbered(1));
        autosave.append(numbered(8));
    }
    writeBytes(path, halfARow(), std::ios::app);

    const auto contents = readJsonlAutosave(path);
    CHECK(contents.skippedLines == 1);
    REQUIRE(contents.rows.size() == 2);
    CHECK(contents.rows[0] == numbered(1));
    CHECK(contents.rows[1] == numbered(8));
}

TEST_CASE("JSONL reader skips non-row lines, ignores blank ones", "[results][jsonl]") {
    TempDir dir;
    const auto path = dir / "mixed.jsonl";
    const std::string row = toJson(sparseRow()).dump();
    writeBytes(path, "\n" + row + "\n" + "[1, 2]\n" + "42\n" + "not json at all\n" + "\n" + row +
                         "\n" + "{\"family\":");
    const auto contents = readJsonlAutosave(path);
    CHECK(contents.skippedLines == 4);
    REQUIRE(contents.rows.size() == 2);
    CHECK(contents.rows[0] == sparseRow());
    CHECK(contents.rows[1] == sparseRow());
}

TEST_CASE("a .jsonl where no line is a row is refused by name, not opened as an empty session",
          "[results][jsonl][hostile]") {
    TempDir dir;
    const auto junk = dir / "random.jsonl";
    std::string bytes;
    for (int i = 0; i < 4096; ++i) bytes += static_cast<char>((i * 7919 + 13) % 251);  // noise with some newlines
    writeBytes(junk, bytes);
    const auto error = resultsErrorOf([&] { (void)readAnyResultsFile(junk); });
    CHECK_THAT(error, Catch::StartsWith(junk.string() + ":") && Catch::Contains("not a GraphLens autosave"));
    // An empty autosave (killed before its first row) still opens, with no rows.
    writeBytes(dir / "empty.jsonl", "");
    CHECK(readAnyResultsFile(dir / "empty.jsonl").rows.empty());
}

TEST_CASE("JSONL reader reports a complete row with a wrong type by file and line",
          "[results][jsonl]") {
    TempDir dir;
    const auto path = dir / "typed.jsonl";
    writeBytes(path, toJson(sparseRow()).dump() + "\n{\"batch\": \"eight\"}\n");
    CHECK(resultsErrorOf([&] { readJsonlAutosave(path); }) ==
          path.string() + ":2: key batch has the wrong type (string)");
}

TEST_CASE("JSONL autosave errors name the file", "[results][jsonl]") {
    TempDir dir;
    const auto inMissingFolder = dir / "no-such-folder" / "autosave.jsonl";
    CHECK(resultsErrorOf([&] { JsonlAutosave autosave(inMissingFolder); })
              .rfind(inMissingFolder.string() + ": cannot open autosave (", 0) == 0);
    CHECK(resultsErrorOf([&] { JsonlAutosave autosave(dir.path()); })
              .rfind(dir.path().string() + ": cannot open autosave (", 0) == 0);
    const auto missing = dir / "missing.jsonl";
    CHECK(resultsErrorOf([&] { readJsonlAutosave(missing); })
              .rfind(missing.string() + ": cannot open (", 0) == 0);
}

// Regression test (fixed bug, core/results/JsonlAutosave.cpp:14-19): the constructor appends after whatever is in the
// file. When the previous worker was killed mid-write, the file ends in half a line without '\n',
// and the first row of the resumed run is glued onto it, so that whole line is skipped and a
// measured row is lost. Fix: after fopen, if the file is non-empty and its last byte is not '\n',
// write a '\n' first.
TEST_CASE("JSONL autosave resumed after a kill does not lose its first new row",
          "[results][jsonl][regression]") {
    TempDir dir;
    const auto path = dir / "resumed.jsonl";
    { JsonlAutosave(path).append(numbered(1)); }
    writeBytes(path, halfARow(), std::ios::app);
    {
        JsonlAutosave resumed(path);
        resumed.append(numbered(2));
        resumed.append(numbered(3));
    }
    const auto contents = readJsonlAutosave(path);
    CHECK(contents.skippedLines == 1);
    REQUIRE(contents.rows.size() == 3);
    CHECK(contents.rows[0].batch == 1);
    CHECK(contents.rows[1].batch == 2);
    CHECK(contents.rows[2].batch == 3);
}

// Regression test (fixed bug, core/results/JsonlAutosave.cpp:26): toJson(row).dump() uses nlohmann's strict UTF-8
// handler, so a row whose message holds invalid UTF-8 (e.g. a raw library/driver error text)
// throws nlohmann::json::type_error 316 out of append(): not a ResultsError, and the measured row
// is not saved. WorkerProtocol.cpp:37 already guards against exactly this with
// error_handler_t::replace; append (and writeSession, Session.cpp:67) should do the same.
TEST_CASE("JSONL autosave saves a row whose message is not valid UTF-8", "[results][jsonl][regression]") {
    TempDir dir;
    const auto path = dir / "utf8.jsonl";
    Measurement row = sparseRow();
    row.message = "cuDNN error \xff\xfe in conv";
    {
        JsonlAutosave autosave(path);
        CHECK_NOTHROW(autosave.append(row));
        autosave.append(numbered(4));
    }
    const auto contents = readJsonlAutosave(path);
    CHECK(contents.skippedLines == 0);
    REQUIRE(contents.rows.size() == 2);
    CHECK(contents.rows[0].family == row.family);
    CHECK(contents.rows[0].message.rfind("cuDNN error ", 0) == 0);
    CHECK(contents.rows[1].batch == 4);
}
