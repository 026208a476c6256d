#pragma once
// The worker protocol (DESIGN §2): `graphlens-cli worker` writes one JSON object per line on stdout,
// {"event": <type>, ...fields}. The GUI reads nothing else from the engine.
//   hello       {"version", "environment": {...}}            first line, always
//   progress    {"done", "total", "label", "eta_s"}           throttled by the producer
//   measurement {"row": Measurement}                          as soon as a row exists
//   log         {"level": "info"|"debug", "text"}
//   warning     {"text"}
//   error       {"text"}                                      a run failed; "done" still follows
//   done        {"ok", "rows", "outputs": [paths],             last line; "environment": the session's
//                "environment": {...}}                         final fingerprint (hello's plus the clocks
//                                                              sampled while timing), when a sweep ran
#include "results/Measurement.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::results {

enum class WorkerEventType { Hello, Progress, Measurement, Log, Warning, Error, Done };

struct WorkerEvent {
    WorkerEventType type = WorkerEventType::Log;
    nlohmann::json fields = nlohmann::json::object();
};

std::string encodeWorkerEvent(const WorkerEvent& event);  // one line, no trailing newline
// nullopt (and *error set) for a line that is not a protocol event, e.g. a stray library print.
std::optional<WorkerEvent> decodeWorkerEvent(const std::string& line, std::string* error = nullptr);

WorkerEvent helloEvent(const std::string& version, const nlohmann::json& environment);
WorkerEvent progressEvent(int done, int total, const std::string& label, double etaSeconds);
WorkerEvent measurementEvent(const Measurement& row);
WorkerEvent logEvent(const std::string& level, const std::string& text);
WorkerEvent warningEvent(const std::string& text);
WorkerEvent errorEvent(const std::string& text);
// environment: the session's environment as written to its files; left out when empty.
WorkerEvent doneEvent(bool ok, int rows, const std::vector<std::string>& outputs,
                      const nlohmann::json& environment = nlohmann::json::object());

// The row carried by a measurement event; throws ResultsError when it is malformed.
Measurement measurementOf(const WorkerEvent& event);

}  // namespace graphlens::results
