#include "bench/VerifyProcesses.h"

#include "bench/CliExecutable.h"
#include "platform/ChildProcess.h"

#include "families/FamilyRegistry.h"

#include <chrono>

namespace graphlens::bench {
namespace {

VerifyResult resultFromText(const std::string& text) {
    for (auto result : {VerifyResult::BitExact, VerifyResult::Mismatch, VerifyResult::CaptureError,
                        VerifyResult::NotDeclared}) {
        if (text == toString(result)) return result;
    }
    return VerifyResult::CaptureError;
}

}  // namespace

VerifyRow verifyRowFromJson(const nlohmann::json& object) {
    VerifyRow row;
    row.family = object.value("family", "");
    row.task = object.value("task", "");
    row.declaration = object.value("declaration", "");
    row.result = resultFromText(object.value("result", ""));
    row.maxAbsDiff = object.value("max_abs_diff", 0.0);
    row.message = object.value("message", "");
    row.probesDiffer = object.value("probes_differ", false);
    row.staleGuard = object.value("stale_guard", false);
    row.captureMs = object.value("capture_ms", 0.0);
    row.poolBytes = object.value("pool_bytes", std::int64_t{0});
    row.batch = object.value("batch", 0);
    row.imgsz = object.value("imgsz", 0);
    row.dtype = object.value("dtype", "");
    if (object.contains("diagnosis")) row.diagnosis = diagnosisFromJson(object["diagnosis"]);
    return row;
}

ChildVerifyRows verifyInChildProcess(const std::vector<std::string>& argv, std::chrono::seconds limit) {
    ChildVerifyRows found;
    std::string output;
    const auto child = platform::runChildProcess(argv, limit, [&](const std::string& line) { output += line + "\n"; });
    // The JSON array is the last thing the child prints; library chatter may come first.
    const auto start = output.rfind("\n[");
    const auto parsed = nlohmann::json::parse(output.substr(start == std::string::npos ? 0 : start + 1), nullptr,
                                              /*allow_exceptions=*/false);
    if (parsed.is_array() && !parsed.empty()) {
        for (const auto& object : parsed) found.rows.push_back(verifyRowFromJson(object));
        return found;
    }
    found.failure = "verify process failed (" +
                    (child.failure.empty() ? "exit code " + std::to_string(child.exitCode) : child.failure) +
                    "): " + output.substr(0, output.find('\n'));
    return found;
}

std::vector<VerifyRow> verifyAllInChildProcesses(const std::vector<std::string>& extraArgs) {
    std::vector<VerifyRow> rows;
    const std::string cli = graphlensCliPath();
    for (const auto& family : families::FamilyRegistry::builtIn().all()) {
        std::vector<std::string> argv{cli, "verify", "--family", family.name, "--json"};
        argv.insert(argv.end(), extraArgs.begin(), extraArgs.end());
        // Ten minutes for one family's check: a hung capture must not hang `verify --all`.
        auto found = verifyInChildProcess(argv, std::chrono::seconds(600));
        if (!found.rows.empty()) {
            rows.insert(rows.end(), found.rows.begin(), found.rows.end());
            continue;
        }
        VerifyRow crashed;
        crashed.family = family.name;
        crashed.task = family.task;
        crashed.declaration = families::toString(family.inference.kind);
        crashed.message = found.failure;
        rows.push_back(crashed);
    }
    return rows;
}

}  // namespace graphlens::bench
