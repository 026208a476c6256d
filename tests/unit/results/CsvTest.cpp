#include "results/MeasurementColumns.h"
#include "results/MeasurementCsv.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

using namespace graphlens::results;
using namespace graphlens::results::testing;

namespace {

std::string expectedHeader() {
    std::string header;
    for (const auto& column : measurementColumns()) {
        if (!header.empty()) header += ',';
        header += std::string(column.name);
    }
    return header;
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

TEST_CASE("CSV header is the column names in schema order", "[results][csv]") {
    const std::string csv = toCsv({});
    CHECK(csv == expectedHeader() + "\n");
    // Spot-check the order itself, so a reordering of the schema is noticed.
    CHECK(firstLine(csv).rfind("session_id,graphlens_version,build_type,family,task,phase,batch,imgsz,precision,memory_format,scope,"
                               "jit,arm,pass,device,host,gpu_uuid,status,message,graph_mode,parity,"
                               "eager_fallbacks,steps,step_ms_median,",
                               0) == 0);
    CHECK(measurementColumns().size() == 120);
    CHECK(measurementColumns().back().name == "refusal_advice");
}

TEST_CASE("CSV round trip keeps every field exactly", "[results][csv]") {
    const std::vector<Measurement> rows{fullRow(), sparseRow(), Measurement{}};
    const std::string csv = toCsv(rows);
    const auto back = parseCsv(csv, "rows.csv");
    REQUIRE(back.size() == 3);
    CHECK(back[0] == rows[0]);
    CHECK(back[1] == rows[1]);
    CHECK(back[2] == rows[2]);
    // Doubles are written in shortest round-trip form, not with a fixed precision.
    CHECK(*back[0].step_ms_median == 1.2345678901234567);
    CHECK(*back[0].speedup == 2.0 / 3.0);
}

TEST_CASE("CSV writes absent optionals as empty cells and reads them back as absent",
          "[results][csv]") {
    const std::string csv = toCsv({sparseRow()});
    const std::string row = csv.substr(csv.find('\n') + 1);
    // build_type empty (not recorded); memory_format, scope and jit empty; graph_mode, parity,
    // eager_fallbacks empty; steps 0; then every column after steps (optional figures and the advisor's texts), all empty.
    CHECK(row == "s1,,,vit_b_16,classify,infer,1,0,fp32,,,,eager,timed,cpu,,,oom,CUDA out of memory,,,,0" +
                     std::string(97, ',') + "\n");
    const auto back = parseCsv(csv, "sparse.csv");
    REQUIRE(back.size() == 1);
    CHECK_FALSE(back[0].step_ms_median.has_value());
    CHECK_FALSE(back[0].network_fraction.has_value());
    CHECK(back[0] == sparseRow());
}

TEST_CASE("CSV quotes commas, quotes and newlines in message and reads them back",
          "[results][csv]") {
    Measurement m = sparseRow();
    const std::string nasty = "a, b \"quoted\"\nsecond line\r\nthird,\"\"";
    m.message = nasty;
    Measurement after = sparseRow();
    after.message = "plain";

    const std::string csv = toCsv({m, after});
    CHECK(csv.find("\"a, b \"\"quoted\"\"\nsecond line\r\nthird,\"\"\"\"\"") != std::string::npos);
    const auto back = parseCsv(csv, "quoted.csv");
    REQUIRE(back.size() == 2);
    CHECK(back[0].message == nasty);
    CHECK(back[1].message == "plain");

    // Cells without special characters are written bare.
    CHECK(toCsv({sparseRow()}).find("\"") == std::string::npos);
}

TEST_CASE("CSV line numbers in errors count the physical lines of multi-line cells",
          "[results][csv]") {
    Measurement m = sparseRow();
    m.message = "one\ntwo\nthree";
    std::string csv = toCsv({m});
    csv += "x,y,z\n";  // the data row occupied lines 2..4, so this is line 5
    CHECK(resultsErrorOf([&] { parseCsv(csv, "multi.csv"); }) ==
          "multi.csv:5: 3 fields, header has 120");
}

TEST_CASE("CSV reader tolerates a BOM, CRLF line ends, blank lines and a missing final newline",
          "[results][csv]") {
    const std::string text = "\xEF\xBB\xBF" "family,batch,step_ms_median\r\n"
                             "resnet18,8,1.5\r\n"
                             "\r\n"
                             "vit_b_16,1,";
    const auto rows = parseCsv(text, "bom.csv");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].family == "resnet18");
    CHECK(rows[0].batch == 8);
    CHECK(rows[0].step_ms_median == 1.5);
    CHECK(rows[1].family == "vit_b_16");
    CHECK(rows[1].batch == 1);
    CHECK_FALSE(rows[1].step_ms_median.has_value());
}

TEST_CASE("CSV matches columns by name: unknown ones ignored, missing ones defaulted",
          "[results][csv]") {
    const std::string text = "future_metric,arm,family,batch,notes\n"
                             "42,graphed,resnet50,16,\"free, text\"\n";
    const auto rows = parseCsv(text, "newer.csv");
    REQUIRE(rows.size() == 1);
    Measurement expected;
    expected.arm = "graphed";
    expected.family = "resnet50";
    expected.batch = 16;
    CHECK(rows[0] == expected);
}

TEST_CASE("CSV header with no data rows gives no rows", "[results][csv]") {
    CHECK(parseCsv(toCsv({}), "empty-rows.csv").empty());
}

TEST_CASE("CSV errors name the file, the line and what is wrong", "[results][csv]") {
    SECTION("wrong field count") {
        const std::string text = "family,batch\nresnet18,8\na,b,c\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "counts.csv"); }) ==
              "counts.csv:3: 3 fields, header has 2");
    }
    SECTION("too few fields") {
        const std::string text = expectedHeader() + "\nresnet18\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "short.csv"); }) ==
              "short.csv:2: 1 fields, header has 120");
    }
    SECTION("a non-number in an int column") {
        const std::string text = "family,batch\nresnet18,8\nresnet18,eight\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "int.csv"); }) ==
              "int.csv:3: column batch: expected a number, got 'eight'");
    }
    SECTION("a number with trailing junk in an optional column") {
        const std::string text = "family,step_ms_median\nresnet18,1.5ms\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "double.csv"); }) ==
              "double.csv:2: column step_ms_median: expected a number, got '1.5ms'");
    }
    SECTION("an empty int cell") {
        const std::string text = "family,steps\nresnet18,\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "steps.csv"); }) ==
              "steps.csv:2: column steps: expected a number, got ''");
    }
    SECTION("an empty file") {
        CHECK(resultsErrorOf([&] { parseCsv("", "empty.csv"); }) ==
              "empty.csv:1: empty file, expected a CSV header");
        CHECK(resultsErrorOf([&] { parseCsv("\xEF\xBB\xBF", "bom-only.csv"); }) ==
              "bom-only.csv:1: empty file, expected a CSV header");
    }
    SECTION("no known column") {
        const std::string text = "a,b,c\n1,2,3\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "other.csv"); }) ==
              "other.csv:1: not a GraphLens CSV (no known column in the header; expected e.g. "
              "family,batch,arm,step_ms_median)");
    }
    SECTION("unterminated quote names the line where the field starts") {
        const std::string text = "family,message\nresnet18,ok\nresnet18,\"never\nclosed\n";
        CHECK(resultsErrorOf([&] { parseCsv(text, "quote.csv"); }) ==
              "quote.csv:3: unterminated quoted field");
    }
}

TEST_CASE("CSV file write and read through the filesystem", "[results][csv]") {
    TempDir dir;
    const auto path = dir / "export.csv";
    writeCsv(path, {fullRow(), sparseRow()});
    CHECK(readBytes(path) == toCsv({fullRow(), sparseRow()}));
    const auto rows = readCsv(path);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0] == fullRow());
    CHECK(rows[1] == sparseRow());
    CHECK(dir.entries() == std::vector<std::string>{"export.csv"});

    const auto missing = dir / "missing.csv";
    const auto error = resultsErrorOf([&] { readCsv(missing); });
    CHECK(error.rfind(missing.string() + ": cannot open (", 0) == 0);
    CHECK(resultsErrorOf([&] { readCsv(dir.path()); }) ==
          dir.path().string() + ": is a folder, expected a file");
}
