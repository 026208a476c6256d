#include "results/MeasurementJson.h"
#include "results/WorkerProtocol.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

using namespace graphlens::results;
using namespace graphlens::results::testing;
using nlohmann::json;

namespace {

WorkerEvent roundTrip(const WorkerEvent& event) {
    const std::string line = encodeWorkerEvent(event);
    REQUIRE(line.find('\n') == std::string::npos);  // one event, one line
    std::string error;
    const auto decoded = decodeWorkerEvent(line, &error);
    INFO("line: " << line << "; error: " << error);
    REQUIRE(decoded.has_value());
    CHECK(error.empty());
    return *decoded;
}

}  // namespace

TEST_CASE("worker events encode to one JSON object with an event key", "[results][worker]") {
    const json line = json::parse(encodeWorkerEvent(progressEvent(3, 12, "resnet18 b8", 41.5)));
    CHECK(line == json{{"event", "progress"}, {"done", 3}, {"total", 12}, {"label", "resnet18 b8"},
                       {"eta_s", 41.5}});
    CHECK(json::parse(encodeWorkerEvent(warningEvent("w")))["event"] == "warning");
}

TEST_CASE("every worker event type survives encode and decode", "[results][worker]") {
    SECTION("hello") {
        const json environment = {{"gpu", "NVIDIA H200"}, {"cuda", "12.6"}, {"ids", {0, 1}}};
        const auto event = roundTrip(helloEvent("0.1.0", environment));
        CHECK(event.type == WorkerEventType::Hello);
        CHECK(event.fields == json{{"version", "0.1.0"}, {"environment", environment}});
    }
    SECTION("progress") {
        const auto event = roundTrip(progressEvent(5, 6, "vit b1 graphed", 0.25));
        CHECK(event.type == WorkerEventType::Progress);
        CHECK(event.fields["done"] == 5);
        CHECK(event.fields["total"] == 6);
        CHECK(event.fields["label"] == "vit b1 graphed");
        CHECK(event.fields["eta_s"] == 0.25);
        CHECK_FALSE(event.fields.contains("event"));
    }
    SECTION("measurement") {
        const auto event = roundTrip(measurementEvent(fullRow()));
        CHECK(event.type == WorkerEventType::Measurement);
        CHECK(event.fields.size() == 1);
        CHECK(event.fields["row"] == toJson(fullRow()));
    }
    SECTION("log") {
        const auto event = roundTrip(logEvent("debug", "capturing \"graph\"\n on stream 7"));
        CHECK(event.type == WorkerEventType::Log);
        CHECK(event.fields == json{{"level", "debug"}, {"text", "capturing \"graph\"\n on stream 7"}});
    }
    SECTION("warning") {
        const auto event = roundTrip(warningEvent("TF32 is on"));
        CHECK(event.type == WorkerEventType::Warning);
        CHECK(event.fields == json{{"text", "TF32 is on"}});
    }
    SECTION("error") {
        const auto event = roundTrip(errorEvent("CUDA out of memory"));
        CHECK(event.type == WorkerEventType::Error);
        CHECK(event.fields == json{{"text", "CUDA out of memory"}});
    }
    SECTION("done") {
        const auto event = roundTrip(doneEvent(true, 12, {"/tmp/a.csv", "/tmp/a.json"}));
        CHECK(event.type == WorkerEventType::Done);
        CHECK(event.fields == json{{"ok", true}, {"rows", 12}, {"outputs", {"/tmp/a.csv", "/tmp/a.json"}}});
        const auto empty = roundTrip(doneEvent(false, 0, {}));
        CHECK(empty.fields["ok"] == false);
        CHECK(empty.fields["outputs"] == json::array());
        CHECK_FALSE(empty.fields.contains("environment"));  // nothing to say: no key
        // A sweep's done carries the session's final environment, clocks included.
        const json environment{{"device", "NVIDIA H200"},
                               {"timed_pass_clocks", {{"sm_clock_mhz", {{"min", 1975}, {"median", 1980.0}, {"max", 1980}}}}}};
        const auto withEnvironment = roundTrip(doneEvent(true, 2, {"/tmp/a.jsonl"}, environment));
        CHECK(withEnvironment.fields["environment"] == environment);
    }
}

TEST_CASE("measurementOf returns the row carried by a measurement event", "[results][worker]") {
    for (const Measurement& row : {fullRow(), sparseRow()}) {
        CHECK(measurementOf(roundTrip(measurementEvent(row))) == row);
    }
}

TEST_CASE("measurementOf rejects events without a well-formed row", "[results][worker]") {
    CHECK(resultsErrorOf([] { measurementOf(logEvent("info", "hi")); }) ==
          "worker protocol: measurement event without a row");
    CHECK(resultsErrorOf([] { measurementOf(WorkerEvent{WorkerEventType::Measurement, json::object()}); }) ==
          "worker protocol: measurement event without a row");
    const auto badRow = decodeWorkerEvent(R"({"event":"measurement","row":{"batch":"8"}})");
    REQUIRE(badRow.has_value());
    CHECK(resultsErrorOf([&] { measurementOf(*badRow); }) ==
          "worker protocol: measurement: key batch has the wrong type (string)");
    const auto notObject = decodeWorkerEvent(R"({"event":"measurement","row":[1]})");
    REQUIRE(notObject.has_value());
    CHECK(resultsErrorOf([&] { measurementOf(*notObject); }) ==
          "worker protocol: measurement: expected a JSON object for a row");
}

TEST_CASE("lines that are not protocol events decode to nullopt with a reason", "[results][worker]") {
    struct Case {
        std::string line;
        std::string why;
    };
    for (const Case& c : std::vector<Case>{
             {"", "not a JSON object"},
             {"Downloading weights: 45%", "not a JSON object"},
             {"{\"event\": \"log\"", "not a JSON object"},
             {"[\"event\", \"log\"]", "not a JSON object"},
             {"\"log\"", "not a JSON object"},
             {"{}", "no \"event\" key"},
             {"{\"text\": \"hi\"}", "no \"event\" key"},
             {"{\"event\": 3}", "no \"event\" key"},
             {"{\"event\": null}", "no \"event\" key"},
             {"{\"event\": \"reboot\"}", "unknown event 'reboot'"},
             {"{\"event\": \"Log\"}", "unknown event 'Log'"},
         }) {
        INFO("line: " << c.line);
        std::string error = "unset";
        CHECK_FALSE(decodeWorkerEvent(c.line, &error).has_value());
        CHECK(error == c.why);
        CHECK_FALSE(decodeWorkerEvent(c.line).has_value());  // error pointer is optional
    }
}

TEST_CASE("decoding keeps extra fields and tolerates surrounding whitespace", "[results][worker]") {
    const auto event = decodeWorkerEvent("  {\"event\":\"warning\",\"text\":\"x\",\"extra\":1}\r");
    REQUIRE(event.has_value());
    CHECK(event->type == WorkerEventType::Warning);
    CHECK(event->fields == json{{"text", "x"}, {"extra", 1}});
}

TEST_CASE("invalid UTF-8 in a log text still gives one decodable line", "[results][worker]") {
    const std::string bad = std::string("cudnn: \xff\xfe") + "\xc3" + " end";
    std::string line;
    REQUIRE_NOTHROW(line = encodeWorkerEvent(logEvent("info", bad)));
    CHECK(line.find('\n') == std::string::npos);
    std::string error;
    const auto event = decodeWorkerEvent(line, &error);
    INFO("line: " << line << "; error: " << error);
    REQUIRE(event.has_value());
    CHECK(event->type == WorkerEventType::Log);
    const std::string text = event->fields["text"].get<std::string>();
    CHECK(text.rfind("cudnn: ", 0) == 0);
    CHECK(text.find("\xEF\xBF\xBD") != std::string::npos);  // U+FFFD replacement character
    CHECK(text.size() >= 11);
    CHECK(text.substr(text.size() - 4) == " end");

    // Same for a measurement row whose message came from a library.
    Measurement row = sparseRow();
    row.message = "bad \x80 byte";
    const auto decoded = decodeWorkerEvent(encodeWorkerEvent(measurementEvent(row)));
    REQUIRE(decoded.has_value());
    const Measurement back = measurementOf(*decoded);
    CHECK(back.family == row.family);
    CHECK(back.message == "bad \xEF\xBF\xBD byte");
}

TEST_CASE("encoding a hand-built event: non-object fields and a stray event key", "[results][worker]") {
    const auto fromArray = decodeWorkerEvent(encodeWorkerEvent({WorkerEventType::Done, json::array({1})}));
    REQUIRE(fromArray.has_value());
    CHECK(fromArray->type == WorkerEventType::Done);
    CHECK(fromArray->fields == json::object());
    // The type decides the event name, not a leftover "event" field.
    const auto stray = decodeWorkerEvent(
        encodeWorkerEvent({WorkerEventType::Error, json{{"event", "done"}, {"text", "t"}}}));
    REQUIRE(stray.has_value());
    CHECK(stray->type == WorkerEventType::Error);
    CHECK(stray->fields == json{{"text", "t"}});
}
