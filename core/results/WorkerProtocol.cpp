#include "results/WorkerProtocol.h"

#include "results/MeasurementJson.h"
#include "results/ResultsError.h"

#include <array>
#include <utility>

namespace graphlens::results {
namespace {

constexpr std::array<std::pair<WorkerEventType, const char*>, 7> kNames{{
    {WorkerEventType::Hello, "hello"},
    {WorkerEventType::Progress, "progress"},
    {WorkerEventType::Measurement, "measurement"},
    {WorkerEventType::Log, "log"},
    {WorkerEventType::Warning, "warning"},
    {WorkerEventType::Error, "error"},
    {WorkerEventType::Done, "done"},
}};

const char* nameOf(WorkerEventType type) {
    for (const auto& [candidate, name] : kNames) {
        if (candidate == type) return name;
    }
    return "log";
}

WorkerEvent make(WorkerEventType type, nlohmann::json fields) { return {type, std::move(fields)}; }

}  // namespace

std::string encodeWorkerEvent(const WorkerEvent& event) {
    nlohmann::json line = event.fields.is_object() ? event.fields : nlohmann::json::object();
    line["event"] = nameOf(event.type);
    // Invalid UTF-8 from a library message must not make the whole line unreadable.
    return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<WorkerEvent> decodeWorkerEvent(const std::string& line, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<WorkerEvent> {
        if (error) *error = why;
        return std::nullopt;
    };
    const auto object = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (object.is_discarded() || !object.is_object()) return fail("not a JSON object");
    const auto it = object.find("event");
    if (it == object.end() || !it->is_string()) return fail("no \"event\" key");
    for (const auto& [type, name] : kNames) {
        if (*it == name) {
            WorkerEvent event{type, object};
            event.fields.erase("event");
            return event;
        }
    }
    return fail("unknown event '" + it->get<std::string>() + "'");
}

WorkerEvent helloEvent(const std::string& version, const nlohmann::json& environment) {
    return make(WorkerEventType::Hello, {{"version", version}, {"environment", environment}});
}

WorkerEvent progressEvent(int done, int total, const std::string& label, double etaSeconds) {
    return make(WorkerEventType::Progress,
                {{"done", done}, {"total", total}, {"label", label}, {"eta_s", etaSeconds}});
}

WorkerEvent measurementEvent(const Measurement& row) {
    return make(WorkerEventType::Measurement, {{"row", toJson(row)}});
}

WorkerEvent logEvent(const std::string& level, const std::string& text) {
    return make(WorkerEventType::Log, {{"level", level}, {"text", text}});
}

WorkerEvent warningEvent(const std::string& text) {
    return make(WorkerEventType::Warning, {{"text", text}});
}

WorkerEvent errorEvent(const std::string& text) {
    return make(WorkerEventType::Error, {{"text", text}});
}

WorkerEvent doneEvent(bool ok, int rows, const std::vector<std::string>& outputs, const nlohmann::json& environment) {
    auto event = make(WorkerEventType::Done, {{"ok", ok}, {"rows", rows}, {"outputs", outputs}});
    if (environment.is_object() && !environment.empty()) event.fields["environment"] = environment;
    return event;
}

Measurement measurementOf(const WorkerEvent& event) {
    const auto it = event.fields.find("row");
    if (event.type != WorkerEventType::Measurement || it == event.fields.end()) {
        throw ResultsError("worker protocol: measurement event without a row");
    }
    return measurementFromJson(*it, "worker protocol: measurement");
}

}  // namespace graphlens::results
