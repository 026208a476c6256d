#include "results/Session.h"

#include "results/AtomicFile.h"
#include "results/JsonlAutosave.h"
#include "results/MeasurementCsv.h"
#include "results/MeasurementJson.h"
#include "results/ResultsError.h"
#include "results/TextFile.h"

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
    std::tm utc{};
    gmtime_r(&now, &utc);
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

Session sessionFromJson(const nlohmann::json& document, const std::string& sourceName) {
    if (!document.is_object() || document.value("format", "") != kFormat) {
        throw ResultsError(sourceName + ": not a GraphLens session (\"format\": \"" + kFormat +
                           "\" missing)");
    }
    if (document.value("version", 0) > kVersion) {
        throw ResultsError(sourceName + ": session version " +
                           std::to_string(document.value("version", 0)) +
                           " is newer than this GraphLens understands (" +
                           std::to_string(kVersion) + ")");
    }
    Session session;
    session.session_id = document.value("session_id", "");
    session.created = document.value("created", "");
    session.environment = document.value("environment", nlohmann::json::object());
    session.plan = document.value("plan", nlohmann::json::object());
    const auto rows = document.value("rows", nlohmann::json::array());
    if (!rows.is_array()) throw ResultsError(sourceName + ": \"rows\" must be an array");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        session.rows.push_back(
            measurementFromJson(rows[i], sourceName + ": rows[" + std::to_string(i) + "]"));
    }
    return session;
}

void writeSession(const std::filesystem::path& path, const Session& session) {
    writeFileAtomically(path, toJson(session).dump(2) + "\n");
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
