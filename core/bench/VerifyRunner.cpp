#include "bench/VerifyRunner.h"

#include "results/ErrorText.h"

#include "bench/ParityProbes.h"
#include "bench/RefusalDiagnosis.h"
#include "bench/SweepNetwork.h"
#include "families/FamilyRegistry.h"
#include "families/MemoryFormat.h"
#include "graphs/ParityCheck.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <cstdio>
#include <optional>
#include <vector>

namespace graphlens::bench {

const char* toString(VerifyResult result) {
    switch (result) {
        case VerifyResult::BitExact: return "bit-exact";
        case VerifyResult::Mismatch: return "mismatch";
        case VerifyResult::CaptureError: return "capture error";
        case VerifyResult::NotDeclared: return "not declared";
    }
    return "capture error";
}

bool VerifyRow::failed() const {
    if (result == VerifyResult::NotDeclared) return false;
    return !(result == VerifyResult::BitExact && probesDiffer && staleGuard);
}

namespace {

VerifyResult fromParity(graphs::ParityResult result) {
    switch (result) {
        case graphs::ParityResult::BitExact: return VerifyResult::BitExact;
        case graphs::ParityResult::Mismatch: return VerifyResult::Mismatch;
        case graphs::ParityResult::CaptureError: return VerifyResult::CaptureError;
    }
    return VerifyResult::CaptureError;
}

}  // namespace

VerifyRow verifyFamily(const families::Family& family, const VerifyOptions& options) {
    VerifyRow row;
    row.family = family.name;
    row.task = family.task;
    // A TorchScript family declares nothing: the check is what decides its support.
    row.declaration = family.source.empty() ? families::toString(family.inference.kind) : "checked";
    row.batch = options.batch;
    row.imgsz = options.imgsz > 0 ? options.imgsz : family.defaultImgsz;
    row.dtype = c10::toString(options.dtype);
    if (!family.inference.capturable()) {
        row.result = VerifyResult::NotDeclared;
        row.message = family.inference.reason;
        return row;
    }
    const torch::Device device =
        options.device ? *options.device
                       : (torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU));
    try {
        torch::NoGradGuard noGrad;
        auto network = family.build(options.seed);
        network.ptr()->to(device, torch::kFloat);
        network.ptr()->eval();
        const auto probes = makeParityProbes(row.batch, row.imgsz, device);
        const auto& probeA32 = probes.a;
        const auto& probeB32 = probes.b;
        calibrateBatchNorm(network, torch::cat({probeA32, probeB32}));
        network.ptr()->to(device, options.dtype);
        network.ptr()->eval();
        const auto format = families::memoryFormatOf(options.memoryFormat);
        families::convertMemoryFormat(*network.ptr(), format);

        graphs::GraphRunnerOptions runnerOptions;
        runnerOptions.mode = graphs::GraphMode::On;
        runnerOptions.warmupIterations = captureWarmupIterations(family);  // as the sweep
        runnerOptions.backend = options.backend;
        runnerOptions.warn = [](const std::string&) {};  // the row carries what matters
        auto makeRunner = [&]() -> std::unique_ptr<graphs::GraphRunner> {
            if (family.inference.kind == families::GraphSupportKind::Seam) {
                auto seam = options.seamOf ? options.seamOf(network)
                                           : (family.inferenceSeam ? family.inferenceSeam(network) : std::nullopt);
                if (!seam) return nullptr;
                return std::make_unique<graphs::GraphRunner>(network.ptr(), std::move(*seam), family.name,
                                                             family.inference, runnerOptions);
            }
            return std::make_unique<graphs::GraphRunner>(network, family.name, family.inference, runnerOptions);
        };
        auto runner = makeRunner();
        if (!runner) {
            row.result = VerifyResult::CaptureError;
            row.message = family.name + " declares a seam split (" + family.inference.reason +
                          ") but no SeamSplit was provided for it";
            return row;
        }
        const auto probeA = probeA32.to(options.dtype).contiguous(format);
        const auto probeB = probeB32.to(options.dtype).contiguous(format);
        const auto report = graphs::checkInferenceParity(*runner, probeA, probeB, runnerOptions.warmupIterations);
        row.result = fromParity(report.result);
        row.maxAbsDiff = report.maxAbsDiff;
        row.message = report.message;
        row.probesDiffer = report.probesDiffer;
        row.staleGuard = report.staleGuard;
        row.captureMs = report.captureMs;
        row.poolBytes = report.poolBytes;
        if (row.result == VerifyResult::BitExact && !row.probesDiffer) {
            row.message = "the probes gave identical eager outputs: the check proves nothing";
        } else if (row.result == VerifyResult::BitExact && !row.staleGuard) {
            row.message = "a replay returned the previous replay's output (stale buffer)";
        }
        runner.reset();  // its graph and pool, before anything else captures
        // Without a device there is nothing to diagnose or split: the check already said graphs need one.
        const bool canCapture = device.is_cuda() || options.backend;
        if (canCapture && options.diagnose && (report.result != graphs::ParityResult::BitExact || !report.staleGuard)) {
            RefusalContext context{family, network, probeA, probeB, makeRunner, runnerOptions.warmupIterations,
                                   options.backend};
            row.diagnosis = diagnoseRefusal(context, report);
        }
        if (options.findSeam && !canCapture) {
            row.seam = SeamFinding{};
            row.seam->status = "none";
            row.seam->why = "CUDA graphs need a CUDA device, and this machine has none";
        } else if (options.findSeam && !(options.seamOnlyWhenRefused && report.passed())) {
            SeamFinderOptions search;
            search.warmupIterations = runnerOptions.warmupIterations;
            search.backend = options.backend;
            search.measure = options.measureSeam;
            row.seam = findSeam(family, network, probeA, probeB, search);
        }
    } catch (const std::exception& error) {  // building, moving or the eager reference failed
        row.result = VerifyResult::CaptureError;
        row.message = results::errorCause(error.what());
    }
    return row;
}

std::vector<VerifyRow> verifyAllFamilies(const VerifyOptions& options) {
    std::vector<VerifyRow> rows;
    for (const auto& family : families::FamilyRegistry::builtIn().all()) rows.push_back(verifyFamily(family, options));
    return rows;
}

namespace {
std::string firstLine(const std::string& text, std::size_t limit) {
    auto line = text.substr(0, text.find('\n'));
    if (line.size() > limit) line = line.substr(0, limit - 3) + "...";
    return line;
}

// The lines under a refused row: why, the call, the operator and module, and what to do.
std::string diagnosisText(const graphs::CaptureDiagnosis& d) {
    if (d.kind == graphs::RefusalKind::None) return "";
    std::string text = "  why: " + d.summary() + "\n";
    if (!d.call.empty()) text += "    call: " + d.callText() + "\n";
    if (!d.operators.empty()) text += "    operator: " + d.operators + "\n";
    if (!d.module.empty()) {
        text += "    module: " + d.module + (d.moduleType.empty() ? "" : " (" + d.moduleType + ")") + "\n";
    }
    if (!d.missing.empty()) text += "    not found: " + d.missing + "\n";
    if (d.call.empty() && !d.exception.empty()) text += "    libtorch said: " + firstLine(d.exception, 200) + "\n";
    if (!d.advice.empty()) text += "    what to do: " + d.advice + "\n";
    return text;
}

std::string resultText(const VerifyRow& row) {
    if (row.result != VerifyResult::Mismatch) return toString(row.result);
    char text[64];
    std::snprintf(text, sizeof text, "mismatch (max abs diff %.3g)", row.maxAbsDiff);
    return text;
}
}  // namespace

std::string verifyTable(const std::vector<VerifyRow>& rows) {
    std::string table =
        "family            task       declared  inference                      probes differ  stale guard  note\n";
    for (const auto& row : rows) {
        const bool ran = row.result == VerifyResult::BitExact || row.result == VerifyResult::Mismatch;
        const char* probes = ran ? (row.probesDiffer ? "yes" : "NO") : "-";
        const char* stale = ran ? (row.staleGuard ? "pass" : "FAIL") : "-";
        char line[512];
        std::snprintf(line, sizeof line, "%-17s %-10s %-9s %-30s %-14s %-12s %s\n", row.family.c_str(),
                      row.task.c_str(), row.declaration.c_str(), resultText(row).c_str(), probes, stale,
                      firstLine(row.message, 200).c_str());
        table += line;
        table += diagnosisText(row.diagnosis);
        if (row.seam) table += row.seam->text();
    }
    return table;
}

nlohmann::json verifyJson(const std::vector<VerifyRow>& rows) {
    auto list = nlohmann::json::array();
    for (const auto& row : rows) {
        list.push_back({{"family", row.family},
                        {"task", row.task},
                        {"declaration", row.declaration},
                        {"result", toString(row.result)},
                        {"max_abs_diff", row.maxAbsDiff},
                        {"message", row.message},
                        {"probes_differ", row.probesDiffer},
                        {"stale_guard", row.staleGuard},
                        {"capture_ms", row.captureMs},
                        {"pool_bytes", row.poolBytes},
                        {"batch", row.batch},
                        {"imgsz", row.imgsz},
                        {"dtype", row.dtype},
                        {"failed", row.failed()}});
        if (row.diagnosis.kind != graphs::RefusalKind::None) list.back()["diagnosis"] = diagnosisJson(row.diagnosis);
        if (row.seam) list.back()["seam"] = row.seam->json();
    }
    return list;
}

nlohmann::json diagnosisJson(const graphs::CaptureDiagnosis& d) {
    return {{"kind", graphs::toString(d.kind)},       {"summary", d.summary()},
            {"call", d.call},                          {"return_code", d.returnCode},
            {"error_name", d.errorName},               {"error_text", d.errorText},
            {"on_capturing_thread", d.onCapturingThread}, {"thread", d.threadNote},
            {"operators", d.operators},                {"operator", d.innermostOperator()},
            {"module", d.module},                      {"module_type", d.moduleType},
            {"max_abs_diff", d.maxAbsDiff},            {"exception", d.exception},
            {"missing", d.missing},                    {"advice", d.advice}};
}

graphs::CaptureDiagnosis diagnosisFromJson(const nlohmann::json& j) {
    graphs::CaptureDiagnosis d;
    const auto kind = j.value("kind", "");
    for (const auto candidate : {graphs::RefusalKind::CaptureFailed, graphs::RefusalKind::Mismatch,
                                 graphs::RefusalKind::RandomDraws, graphs::RefusalKind::StateAcrossCalls}) {
        if (kind == graphs::toString(candidate)) d.kind = candidate;
    }
    d.call = j.value("call", "");
    d.returnCode = j.value("return_code", 0);
    d.errorName = j.value("error_name", "");
    d.errorText = j.value("error_text", "");
    d.onCapturingThread = j.value("on_capturing_thread", true);
    d.threadNote = j.value("thread", "");
    d.operators = j.value("operators", "");
    d.module = j.value("module", "");
    d.moduleType = j.value("module_type", "");
    d.maxAbsDiff = j.value("max_abs_diff", 0.0);
    d.exception = j.value("exception", "");
    d.missing = j.value("missing", "");
    d.advice = j.value("advice", "");
    return d;
}

int verifyExitCode(const std::vector<VerifyRow>& rows) {
    for (const auto& row : rows) {
        if (row.failed()) return 1;
    }
    return 0;
}

}  // namespace graphlens::bench
