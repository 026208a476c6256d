#include "bench/SweepRefusalDiagnosis.h"

#include "bench/CliExecutable.h"
#include "bench/VerifyProcesses.h"

#include <chrono>

namespace graphlens::bench {
namespace {

constexpr const char* kLoadRefusal = "the parity check on load failed";

bool refusedOnLoad(const results::Measurement& row) {
    return row.pass == "timed" && row.phase == "infer" && row.arm == "graphed" && row.status == "refused" &&
           row.message.find(kLoadRefusal) != std::string::npos;
}

}  // namespace

void applyDiagnosis(const graphs::CaptureDiagnosis& d, results::Measurement& row) {
    if (d.kind == graphs::RefusalKind::None) return;
    row.refusal_kind = graphs::toString(d.kind);
    row.refusal_call = d.callText();
    row.refusal_op = d.operators;
    row.refusal_module = d.module;
    row.refusal_advice = d.advice;
    row.message = "refused: " + d.summary() + "; " + row.message;
}

void diagnoseRefusedRows(const results::SweepPlan& plan, const families::Family& family,
                         std::vector<results::Measurement>& rows, SweepEvents& events) {
    if (family.source.empty()) return;
    bool any = false;
    for (const auto& row : rows) any = any || refusedOnLoad(row);
    if (!any) return;
    events.log("why the graphs were refused: verify --model in a process of its own (it records every CUDA call)");
    // The check on load ran at the inference precision (fp16 or fp32), the family's probe batch (2 unless
    // a package takes one batch only), the model's size; an AOTInductor package has no jit mode.
    const std::string precision = results::inferencePrecision(plan) == "fp16" ? "fp16" : "fp32";
    std::vector<std::string> argv{graphlensCliPath(), "verify",    "--model", family.source,
                                  "--imgsz",          std::to_string(family.defaultImgsz),
                                  "--batch",          std::to_string(family.probeBatch),
                                  "--precision",      precision,   "--json"};
    if (family.jit != "aoti") argv.insert(argv.end(), {"--jit", family.jit.empty() ? "fuse" : family.jit});
    if (!plan.task.empty()) argv.insert(argv.end(), {"--task", plan.task});
    const auto found = verifyInChildProcess(argv, std::chrono::seconds(300));
    if (!found.rows.empty() && found.rows.front().diagnosis.kind != graphs::RefusalKind::None) {
        const auto& diagnosis = found.rows.front().diagnosis;
        for (auto& row : rows) {
            if (refusedOnLoad(row)) applyDiagnosis(diagnosis, row);
        }
        events.log("  " + diagnosis.summary() + (diagnosis.advice.empty() ? "" : ": " + diagnosis.advice));
        return;
    }
    events.warning("no diagnosis of the refusal: " + (found.failure.empty() ? "the check found nothing more" : found.failure));
}

}  // namespace graphlens::bench
