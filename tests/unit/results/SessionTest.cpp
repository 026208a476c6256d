#include "results/JsonlAutosave.h"
#include "results/MeasurementCsv.h"
#include "results/MeasurementJson.h"
#include "results/Session.h"
#include "results/SweepPlan.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

#include <regex>

using namespace graphlens::results;
using namespace graphlens::results::testing;
using nlohmann::json;

namespace {

Session sampleSession() {
    Session session;
    session.session_id = "20261129-071728-4f2a";
    session.created = "2026-11-29T07:17:28Z";
    session.environment = {{"gpu", "NVIDIA H200"}, {"driver", "560.35"}, {"cuda", "12.6"}};
    session.plan = toJson(SweepPlan{});
    session.rows = {fullRow(), sparseRow()};
    return session;
}

void checkSameSession(const Session& a, const Session& b) {
    CHECK(a.session_id == b.session_id);
    CHECK(a.created == b.created);
    CHECK(a.environment == b.environment);
    CHECK(a.plan == b.plan);
    REQUIRE(a.rows.size() == b.rows.size());
    for (std::size_t i = 0; i < a.rows.size(); ++i) CHECK(a.rows[i] == b.rows[i]);
}

}  // namespace

TEST_CASE("Session JSON document has the documented top-level keys", "[results][session]") {
    const json document = toJson(sampleSession());
    CHECK(document["format"] == "graphlens-session");
    CHECK(document["version"] == 1);
    CHECK(document["session_id"] == "20261129-071728-4f2a");
    CHECK(document["created"] == "2026-11-29T07:17:28Z");
    CHECK(document["environment"]["gpu"] == "NVIDIA H200");
    CHECK(document["plan"]["family"] == "resnet18");
    REQUIRE(document["rows"].is_array());
    CHECK(document["rows"].size() == 2);
    // An empty session still has an (empty) rows array.
    CHECK(toJson(Session{})["rows"] == json::array());
}

TEST_CASE("Session write/read round trip through a file", "[results][session]") {
    TempDir dir;
    const auto path = dir / "session.json";
    const Session original = sampleSession();
    writeSession(path, original);
    CHECK(dir.entries() == std::vector<std::string>{"session.json"});
    const std::string text = readBytes(path);
    CHECK(text.back() == '\n');
    checkSameSession(readSession(path), original);

    // Overwriting replaces the whole file.
    Session smaller;
    smaller.session_id = "other";
    writeSession(path, smaller);
    const Session back = readSession(path);
    CHECK(back.session_id == "other");
    CHECK(back.rows.empty());
    CHECK(dir.entries() == std::vector<std::string>{"session.json"});
}

TEST_CASE("Session reader fills defaults for missing optional keys", "[results][session]") {
    const Session session = sessionFromJson({{"format", "graphlens-session"}}, "min.json");
    CHECK(session.session_id.empty());
    CHECK(session.created.empty());
    CHECK(session.environment == json::object());
    CHECK(session.plan == json::object());
    CHECK(session.rows.empty());
    // Older versions (no "version" key, or a smaller one) are accepted.
    CHECK_NOTHROW(sessionFromJson({{"format", "graphlens-session"}, {"version", 0}}, "v0.json"));
}

TEST_CASE("Session reader rejects other documents with a message naming the file",
          "[results][session]") {
    const std::string notSession =
        "s.json: not a GraphLens session (\"format\": \"graphlens-session\" missing)";
    CHECK(resultsErrorOf([] { sessionFromJson({{"format", "graphlens-sweep"}}, "s.json"); }) ==
          notSession);
    CHECK(resultsErrorOf([] { sessionFromJson({{"rows", json::array()}}, "s.json"); }) ==
          notSession);
    CHECK(resultsErrorOf([] { sessionFromJson(json::array(), "s.json"); }) == notSession);

    json newer = toJson(sampleSession());
    newer["version"] = 2;
    CHECK(resultsErrorOf([&] { sessionFromJson(newer, "s.json"); }) ==
          "s.json: session version 2 is newer than this GraphLens understands (1)");

    json badRows = toJson(sampleSession());
    badRows["rows"] = {{"family", "x"}};
    CHECK(resultsErrorOf([&] { sessionFromJson(badRows, "s.json"); }) ==
          "s.json: \"rows\" must be an array");
    badRows["rows"] = json::array({toJson(fullRow()), {{"batch", "eight"}}});
    CHECK(resultsErrorOf([&] { sessionFromJson(badRows, "s.json"); }) ==
          "s.json: rows[1]: key batch has the wrong type (string)");
}

// Regression test (fixed bug, core/results/Session.cpp:42,46,53-54): json::value(key, default) throws nlohmann's own
// type_error when the key exists with another type, so these escape as a non-ResultsError whose
// text names neither the file nor the key. ResultsError.h promises every reader throws ResultsError.
TEST_CASE("Session reader reports wrongly typed top-level keys as ResultsError",
          "[results][session][regression]") {
    json document = toJson(sampleSession());
    SECTION("format is not a string") {
        document["format"] = 1;
        CHECK(resultsErrorOf([&] { sessionFromJson(document, "s.json"); }).rfind("s.json: ", 0) == 0);
    }
    SECTION("version is not a number") {
        document["version"] = "2";
        CHECK(resultsErrorOf([&] { sessionFromJson(document, "s.json"); }).rfind("s.json: ", 0) == 0);
    }
    SECTION("session_id is not a string") {
        document["session_id"] = 17;
        CHECK(resultsErrorOf([&] { sessionFromJson(document, "s.json"); }).rfind("s.json: ", 0) == 0);
    }
}

TEST_CASE("readSession errors for unreadable and invalid files", "[results][session]") {
    TempDir dir;
    const auto missing = dir / "missing.json";
    CHECK(resultsErrorOf([&] { readSession(missing); }).rfind(missing.string() + ": cannot open (", 0) == 0);
    const auto broken = dir / "broken.json";
    writeBytes(broken, "{\"format\": \"graphlens-session\", \"rows\": [");
    CHECK(resultsErrorOf([&] { readSession(broken); }) == broken.string() + ": not valid JSON");
    const auto wrong = dir / "wrong.json";
    writeBytes(wrong, "{\"format\": \"graphlens-session\", \"version\": 7}");
    CHECK(resultsErrorOf([&] { readSession(wrong); }) ==
          wrong.string() + ": session version 7 is newer than this GraphLens understands (1)");
}

TEST_CASE("readAnyResultsFile dispatches on the extension", "[results][session]") {
    TempDir dir;
    const Session original = sampleSession();

    SECTION(".json is a session file") {
        const auto path = dir / "run.json";
        writeSession(path, original);
        checkSameSession(readAnyResultsFile(path), original);
    }
    SECTION(".csv is an export; the session id comes from the first row") {
        const auto path = dir / "run.csv";
        writeCsv(path, original.rows);
        const Session session = readAnyResultsFile(path);
        CHECK(session.session_id == fullRow().session_id);
        CHECK(session.environment.at("graphlens") == fullRow().graphlens_version);  // for the report
        CHECK(session.created.empty());
        REQUIRE(session.rows.size() == 2);
        CHECK(session.rows[0] == fullRow());
        CHECK(session.rows[1] == sparseRow());
    }
    SECTION(".jsonl is an autosave") {
        const auto path = dir / "run.jsonl";
        {
            JsonlAutosave autosave(path);
            autosave.append(sparseRow());
            autosave.append(fullRow());
        }
        const Session session = readAnyResultsFile(path);
        CHECK(session.session_id == "s1");
        REQUIRE(session.rows.size() == 2);
        CHECK(session.rows[0] == sparseRow());
        CHECK(session.rows[1] == fullRow());
    }
    SECTION("an empty export gives an empty session") {
        const auto path = dir / "empty.csv";
        writeCsv(path, {});
        const Session session = readAnyResultsFile(path);
        CHECK(session.rows.empty());
        CHECK(session.session_id.empty());
    }
    SECTION("the content is not sniffed: a CSV named .json is read as JSON") {
        const auto path = dir / "export.json";
        writeCsv(path, original.rows);
        CHECK(resultsErrorOf([&] { readAnyResultsFile(path); }) == path.string() + ": not valid JSON");
    }
    SECTION("other extensions are rejected") {
        for (const std::string name : {"run.txt", "run", "run.json.bak", "run.parquet"}) {
            const auto path = dir / name;
            writeBytes(path, "{}");
            const std::string extension = path.extension().string();
            CHECK(resultsErrorOf([&] { readAnyResultsFile(path); }) ==
                  path.string() + ": unknown results file type '" + extension +
                      "' (expected .json, .jsonl or .csv)");
        }
    }
}

TEST_CASE("newSessionId and utcTimestampNow have the documented shapes", "[results][session]") {
    const std::string before = utcTimestampNow();
    const std::string id = newSessionId();
    const std::string after = utcTimestampNow();
    CHECK(std::regex_match(id, std::regex(R"(\d{8}-\d{6}-[0-9a-f]{4})")));
    CHECK(std::regex_match(before, std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)")));
    // Sortable and UTC: the id's time stamp is the same instant, written without separators.
    auto compact = [](const std::string& iso) {
        return iso.substr(0, 4) + iso.substr(5, 2) + iso.substr(8, 2) + "-" + iso.substr(11, 2) +
               iso.substr(14, 2) + iso.substr(17, 2);
    };
    const std::string stamp = id.substr(0, 15);
    CHECK((stamp == compact(before) || stamp == compact(after)));
    CHECK(before <= after);
}

// Regression test (fixed bug, core/results/Session.cpp:67): writeSession dumps with nlohmann's strict UTF-8 handler, so a
// row message with invalid UTF-8 throws nlohmann::json::type_error 316 (not ResultsError) and the
// whole session export fails. Fix: dump(2, ' ', false, nlohmann::json::error_handler_t::replace).
TEST_CASE("writeSession saves rows whose message is not valid UTF-8", "[results][session][regression]") {
    TempDir dir;
    const auto path = dir / "utf8.json";
    Session session = sampleSession();
    session.rows[1].message = "driver said \xc3\x28 here";
    CHECK_NOTHROW(writeSession(path, session));
    CHECK(dir.entries() == std::vector<std::string>{"utf8.json"});
    if (std::filesystem::exists(path)) {
        const Session back = readSession(path);
        REQUIRE(back.rows.size() == 2);
        CHECK(back.rows[1].message.rfind("driver said ", 0) == 0);
    }
}
