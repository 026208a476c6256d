// The build that measured a session (results/BuildType.h): recorded in the environment and every
// row, kept by the JSON, JSONL and CSV files, and "unknown" (never Debug) for files written before.
#include "results/BuildType.h"
#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

using namespace graphlens::results;
using namespace graphlens::results::testing;
using nlohmann::json;

namespace {

// The environment a Debug engine writes (core/bench/BuildFacts.cpp), and its rows.
Session debugSession() {
    Session session;
    session.session_id = "20261204-020000-dbg1";
    session.environment = {{"device", "NVIDIA H200"}, {"build_type", "Debug"}, {"build_optimized", false},
                           {"build_assertions", true}, {"compiler", "GCC 12.2.0"}};
    auto row = fullRow();
    row.build_type = "Debug";
    session.rows = {row};
    return session;
}

// A session as GraphLens 0.1.0 wrote it before the build was recorded (keys of a real H200 row).
const char* const kOldSession = R"({"format": "graphlens-session", "version": 1,
  "session_id": "20261201-101010-abcd", "environment": {"device": "NVIDIA H200", "libtorch": "2.11.0"},
  "rows": [{"session_id": "20261201-101010-abcd", "graphlens_version": "0.1.0", "family": "resnet18",
            "task": "classify", "phase": "infer", "batch": 8, "imgsz": 224, "precision": "fp16",
            "arm": "graphed", "pass": "timed", "device": "NVIDIA H200", "status": "ok",
            "step_ms_median": 0.69, "speedup": 1.64}]})";

}  // namespace

TEST_CASE("build type label: Debug as is, an unoptimised build of another name says so", "[results][build]") {
    CHECK(buildTypeLabel("Release", true) == "Release");
    CHECK(buildTypeLabel("Debug", false) == "Debug");
    CHECK(buildTypeLabel("", false) == "none (unoptimised)");
    CHECK(buildTypeLabel("", true) == "none");
    CHECK(buildTypeLabel("RelWithDebInfo", false) == "RelWithDebInfo (unoptimised)");

    CHECK(isUnrepresentativeBuild("Debug"));
    CHECK(isUnrepresentativeBuild("debug"));
    CHECK(isUnrepresentativeBuild("none (unoptimised)"));
    CHECK_FALSE(isUnrepresentativeBuild("Release"));
    CHECK_FALSE(isUnrepresentativeBuild("RelWithDebInfo"));
    CHECK_FALSE(isUnrepresentativeBuild(kUnknownBuildType));
    CHECK_FALSE(isUnrepresentativeBuild(""));
}

TEST_CASE("a Debug session keeps its build type through the session JSON", "[results][build][session]") {
    TempDir dir;
    const auto path = dir / "debug.json";
    writeSession(path, debugSession());
    const Session back = readSession(path);
    CHECK(back.environment.at("build_type") == "Debug");
    CHECK(back.environment.at("build_optimized") == false);
    CHECK(back.environment.at("build_assertions") == true);
    CHECK(back.environment.at("compiler") == "GCC 12.2.0");
    REQUIRE(back.rows.size() == 1);
    CHECK(back.rows[0].build_type == "Debug");
    CHECK(buildTypeOf(back.environment, back.rows) == "Debug");
    CHECK(unrepresentativeBuildOf(back.rows) == "Debug");

    // An environment that says Release but not optimised (custom flags) is not taken at its word.
    json env = {{"build_type", "Release"}, {"build_optimized", false}};
    CHECK(buildTypeOf(env, {}) == "Release (unoptimised)");
    CHECK(isUnrepresentativeBuild(buildTypeOf(env, {})));
}

TEST_CASE("a session written before the build type was recorded reads as unknown, not Debug", "[results][build][session]") {
    const Session old = sessionFromJson(json::parse(kOldSession), "old.json");
    REQUIRE(old.rows.size() == 1);
    CHECK(old.rows[0].build_type.empty());
    CHECK(buildTypeOf(old.environment, old.rows) == "unknown");
    CHECK_FALSE(isUnrepresentativeBuild(buildTypeOf(old.environment, old.rows)));
    CHECK(unrepresentativeBuildOf(old.rows).empty());
    // Saved again by this GraphLens, it still does not claim a build it does not know.
    CHECK_FALSE(toJson(old)["environment"].contains("build_type"));
    CHECK(toJson(old)["rows"][0]["build_type"] == "");
}

TEST_CASE("CSV: the build_type column says Debug, an older CSV without it reads as unknown", "[results][build][csv]") {
    const auto rows = debugSession().rows;
    const std::string csv = toCsv(rows);
    const std::string header = csv.substr(0, csv.find('\n'));
    CHECK(header.rfind("session_id,graphlens_version,build_type,", 0) == 0);
    const std::string line = csv.substr(csv.find('\n') + 1);
    CHECK(line.rfind(rows[0].session_id + ",0.1.0,Debug,", 0) == 0);
    CHECK(parseCsv(csv, "debug.csv").at(0).build_type == "Debug");

    // Through a file, as the GUI's Open reads it: the rows carry the build into the session.
    TempDir dir;
    writeCsv(dir / "debug.csv", rows);
    const Session opened = readAnyResultsFile(dir / "debug.csv");
    CHECK(buildTypeOf(opened.environment, opened.rows) == "Debug");

    const auto old = parseCsv("session_id,graphlens_version,family,phase,batch,arm,pass,status\n"
                              "s1,0.1.0,resnet18,infer,8,graphed,timed,ok\n",
                              "old.csv");
    REQUIRE(old.size() == 1);
    CHECK(old[0].build_type.empty());
    CHECK(buildTypeOf(json::object(), old) == "unknown");
}
