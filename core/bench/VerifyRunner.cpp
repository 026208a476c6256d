#include "bench/VerifyRunner.h"

#include "results/ErrorText.h"

#include "bench/ParityProbes.h"
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
        std::unique_ptr<graphs::GraphRunner> runner;
        if (family.inference.kind == families::GraphSupportKind::Seam) {
            auto seam = options.seamOf ? options.seamOf(network)
                                       : (family.inferenceSeam ? family.inferenceSeam(network) : std::nullopt);
            if (!seam) {
                row.result = VerifyResult::CaptureError;
                row.message = family.name + " declares a seam split (" + family.inference.reason +
                              ") but no SeamSplit was provided for it";
                return row;
            }
            runner = std::make_unique<graphs::GraphRunner>(network.ptr(), std::move(*seam), family.name,
                                                           family.inference, runnerOptions);
        } else {
            runner = std::make_unique<graphs::GraphRunner>(network, family.name, family.inference, runnerOptions);
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
    }
    return list;
}

int verifyExitCode(const std::vector<VerifyRow>& rows) {
    for (const auto& row : rows) {
        if (row.failed()) return 1;
    }
    return 0;
}

}  // namespace graphlens::bench
