#include "results/MeasurementColumns.h"
#include "results/MeasurementJson.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace graphlens::results;
using namespace graphlens::results::testing;
using nlohmann::json;

TEST_CASE("Measurement JSON round trip keeps every field exactly", "[results][json]") {
    for (const Measurement& row : {fullRow(), sparseRow(), Measurement{}}) {
        const json object = toJson(row);
        CHECK(measurementFromJson(object, "row") == row);
        // Through text as well, as the files and the worker pipe carry it.
        CHECK(measurementFromJson(json::parse(object.dump()), "row") == row);
    }
}

TEST_CASE("Measurement JSON uses the column names as keys, with native types", "[results][json]") {
    const json full = toJson(fullRow());
    CHECK(full.size() == measurementColumns().size());
    for (const auto& column : measurementColumns()) {
        CHECK(full.contains(std::string(column.name)));
    }
    CHECK(full["batch"] == 32);
    CHECK(full["batch"].is_number_integer());
    CHECK(full["family"] == "resnet18");
    CHECK(full["step_ms_median"].is_number_float());
    CHECK(full["message"] == "");
}

TEST_CASE("Measurement JSON omits absent optionals", "[results][json]") {
    const json sparse = toJson(sparseRow());
    // 27 strings (empty ones included) + batch, imgsz, steps; none of the optional metrics.
    CHECK(sparse.size() == 30);
    CHECK_FALSE(sparse.contains("step_ms_median"));
    CHECK_FALSE(sparse.contains("speedup"));
    CHECK_FALSE(sparse.contains("network_fraction"));
    CHECK(sparse.contains("steps"));
    CHECK(sparse["message"] == "CUDA out of memory");
}

TEST_CASE("Measurement JSON reader ignores unknown keys, defaults missing ones, treats null as absent",
          "[results][json]") {
    const json object = {{"family", "resnet18"}, {"batch", 4}, {"speedup", nullptr},
                         {"step_ms_median", 2}, {"from_the_future", {1, 2, 3}}};
    Measurement expected;
    expected.family = "resnet18";
    expected.batch = 4;
    expected.step_ms_median = 2.0;  // an integer is fine for a double metric
    CHECK(measurementFromJson(object, "row") == expected);
    CHECK(measurementFromJson(json::object(), "row") == Measurement{});
}

TEST_CASE("Measurement JSON reader rejects wrong types and names the key", "[results][json]") {
    CHECK(resultsErrorOf([] { measurementFromJson({{"family", 18}}, "f.json: rows[3]"); }) ==
          "f.json: rows[3]: key family has the wrong type (number)");
    CHECK(resultsErrorOf([] { measurementFromJson({{"batch", "8"}}, "w"); }) ==
          "w: key batch has the wrong type (string)");
    CHECK(resultsErrorOf([] { measurementFromJson({{"batch", 8.5}}, "w"); }) ==
          "w: key batch has the wrong type (number)");
    CHECK(resultsErrorOf([] { measurementFromJson({{"steps", true}}, "w"); }) ==
          "w: key steps has the wrong type (boolean)");
    CHECK(resultsErrorOf([] { measurementFromJson({{"speedup", "1.2"}}, "w"); }) ==
          "w: key speedup has the wrong type (string)");
    CHECK(resultsErrorOf([] { measurementFromJson({{"kernels", json::array()}}, "w"); }) ==
          "w: key kernels has the wrong type (array)");
    CHECK(resultsErrorOf([] { measurementFromJson(json::array(), "w"); }) ==
          "w: expected a JSON object for a row");
    CHECK(resultsErrorOf([] { measurementFromJson("row", "w"); }) ==
          "w: expected a JSON object for a row");
}

// Regression test (fixed bug, core/results/MeasurementJson.cpp:39,48): an int column only checks is_number_integer(), then
// get<int>() narrows silently, so 3000000000 becomes a negative batch instead of an error.
TEST_CASE("Measurement JSON reader rejects integers that do not fit an int", "[results][json][regression]") {
    const json tooBig = {{"batch", 3000000000LL}};
    CHECK(resultsErrorOf([&] { measurementFromJson(tooBig, "w"); })
              .find("w: key batch") == 0);
    const json tooSmall = {{"imgsz", static_cast<long long>(std::numeric_limits<int>::min()) - 1}};
    CHECK(resultsErrorOf([&] { measurementFromJson(tooSmall, "w"); })
              .find("w: key imgsz") == 0);
}
