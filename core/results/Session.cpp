#include "results/Session.h"

#include "results/AtomicFile.h"
#include "results/JsonlAutosave.h"
#include "results/MeasurementCsv.h"
#include "results/MeasurementJson.h"
#include "results/ResultsError.h"
#include "results/TextFile.h"
#include "platform/UtcTime.h"

#include <array>
#include <chrono>
#include <ctime>
#include <random>

namespace graphlens::results {
namespace {

constexpr const char* kFormat = "graphlens-session";
constexpr int kVersion = 1;

std::string formatUtc(const char* pattern) {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    const std::tm utc = platform::utcCalendarTime(now);
    std::array<char, 32> text{};
    std::strftime(text.data(), text.size(), pattern, &utc);
    return text.data();
}

}  // namespace

nlohmann::json toJson(const Session& session) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : session.rows) rows.push_back(toJson(row));
    return {{"format", kFormat},         {"version", kVersion},
            {"session_id", session.session_id}, {"created", session.created},
            {"environment", session.environment}, {"plan", session.plan},
            {"rows", std::move(rows)}};
}

namespace {

// Reads an optional key, naming the file and key when its type is wrong.
template <typename T>
T keyOr(const nlohmann::json& document, const char* key, T fallback, const std::string& sourceName) {
    const auto it = document.find(key);
    if (it == document.end() || it->is_null()) return fallback;
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception&) {
        throw ResultsError(sourceName + ": key " + key + " has the wrong type (" + it->type_name() + ")");
    }
}

// Rows written before rows carried their machine take it from their session's environment, so a
// merge of old and new sessions keeps every row's host and GPU.
void fillRowMachine(std::vector<Measurement>& rows, const nlohmann::json& environment) {
    const auto text = [&](const char* key) {
        const auto it = environment.find(key);
        return it != environment.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    const std::string host = text("host");
    const std::string gpuUuid = text("gpu_uuid");
    for (auto& row : rows) {
        if (row.host.empty()) row.host = host;
        if (row.gpu_uuid.empty() && row.device != "cpu") row.gpu_uuid = gpuUuid;
    }
}

}  // namespace

Session sessionFromJson(const nlohmann::json& document, const std::string& sourceName) {
    if (!document.is_object() || !document.contains("format") || document["format"] != kFormat) {
        throw ResultsError(sourceName + ": not a GraphLens session (\"format\": \"" + kFormat +
                           "\" missing)");
    }
    const int version = keyOr<int>(document, "version", 0, sourceName);
    if (version > kVersion) {
        throw ResultsError(sourceName + ": session version " + std::to_string(version) +
                           " is newer than this GraphLens understands (" +
                           std::to_string(kVersion) + ")");
    }
    Session session;
    session.session_id = keyOr<std::string>(document, "session_id", "", sourceName);
    session.created = keyOr<std::string>(document, "created", "", sourceName);
    session.environment = keyOr(document, "environment", nlohmann::json::object(), sourceName);
    session.plan = keyOr(document, "plan", nlohmann::json::object(), sourceName);
    const auto rows = keyOr(document, "rows", nlohmann::json::array(), sourceName);
    if (!rows.is_array()) throw ResultsError(sourceName + ": \"rows\" must be an array");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        session.rows.push_back(
            measurementFromJson(rows[i], sourceName + ": rows[" + std::to_string(i) + "]"));
    }
    if (session.environment.is_object()) fillRowMachine(session.rows, session.environment);
    return session;
}

void writeSession(const std::filesystem::path& path, const Session& session) {
    writeFileAtomically(
        path, toJson(session).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

Session readSession(const std::filesystem::path& path) {
    const std::string text = readTextFile(path);
    const auto document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) throw ResultsError(path.string() + ": not valid JSON");
    return sessionFromJson(document, path.string());
}

Session readAnyResultsFile(const std::filesystem::path& path) {
    const auto extension = path.extension().string();
    if (extension == ".json") return readSession(path);
    Session session;
    if (extension == ".csv") {
        session.rows = readCsv(path);
    } else if (extension == ".jsonl") {
        session.rows = readJsonlAutosave(path).rows;
    } else {
        throw ResultsError(path.string() + ": unknown results file type '" + extension +
                           "' (expected .json, .jsonl or .csv)");
    }
    if (!session.rows.empty()) session.session_id = session.rows.front().session_id;
    // An export or an autosave has no environment, but its rows say which GraphLens measured them.
    if (!session.rows.empty() && !session.rows.front().graphlens_version.empty()) {
        session.environment["graphlens"] = session.rows.front().graphlens_version;
    }
    return session;
}

std::string newSessionId() {
    std::random_device entropy;
    std::array<char, 8> suffix{};
    std::snprintf(suffix.data(), suffix.size(), "%04x", entropy() & 0xffffu);
    return formatUtc("%Y%m%d-%H%M%S") + "-" + suffix.data();
}

std::string utcTimestampNow() { return formatUtc("%Y-%m-%dT%H:%M:%SZ"); }

}  // namespace graphlens::results
