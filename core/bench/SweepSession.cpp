#include "bench/SweepSession.h"
#include "bench/SweepRefusalDiagnosis.h"

#include "results/ProfiledMerge.h"
#include "results/ProfilerOverhead.h"

#include "advisor/SessionPredictions.h"
#include "bench/ReplayCalibrationCache.h"

#include "bench/Environment.h"
#include "bench/FamilyResolver.h"
#include "bench/ImageSizeCheck.h"
#include "bench/ProfiledPass.h"
#include "bench/SweepRunner.h"
#if defined(GRAPHLENS_HAVE_TRAINING)
#include "bench/TrainingSweepRunner.h"
#endif
#include "results/AtomicFile.h"
#include "results/JsonlAutosave.h"
#include "results/MeasurementCsv.h"
#include "results/ResultsError.h"
#include "results/Session.h"
#include "platform/UserFolders.h"

#include <torch/cuda.h>

#include <cstdio>
#include <filesystem>
#include <utility>
#include <vector>

namespace graphlens::bench {
namespace fs = std::filesystem;

namespace {

// What a path names, however it is spelt ("out/./x.csv", "../out/x.csv", a link to it).
fs::path resolvedOutputPath(const std::string& path) {
    std::error_code ec;
    auto absolute = fs::absolute(path, ec);
    if (ec) return fs::path(path).lexically_normal();
    auto canonical = fs::weakly_canonical(absolute, ec);
    return ec ? absolute.lexically_normal() : canonical;
}

// Two outputs naming one file: whichever is written last would destroy the other, so the sweep is
// refused before it measures anything. The autosave a sweep chooses beside its export counts too.
void refuseSharedOutputs(const results::SweepPlan& plan) {
    std::vector<std::pair<std::string, std::string>> outputs{
        {"--csv", plan.csv}, {"--json", plan.json}, {"--autosave", plan.autosave}, {"--trace", plan.trace}};
    if (plan.autosave.empty() && (!plan.csv.empty() || !plan.json.empty())) {
        outputs.emplace_back("the autosave beside the export", defaultAutosavePath(plan, ""));
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        for (std::size_t j = i + 1; j < outputs.size(); ++j) {
            if (outputs[i].second.empty() || outputs[j].second.empty()) continue;
            if (resolvedOutputPath(outputs[i].second) != resolvedOutputPath(outputs[j].second)) continue;
            throw UsageError(outputs[i].first + " and " + outputs[j].first + " both name " + outputs[j].second +
                             ": one would overwrite the other; give each output a file of its own");
        }
    }
}

// The advisor's prediction on every timed row (advisor/SessionPredictions.h), from the eager figures
// and the device's replay calibration, which the session keeps so the window can recompute it.
void predictGraphedSteps(results::Session& session, const std::optional<advisor::ReplayCalibration>& calibration,
                         SweepEvents& events) {
    advisor::addPredictions(session.rows, calibration);
    for (const auto& row : session.rows) {
        if (row.pass != "timed" || row.arm != "graphed" || !row.predicted_graphed_ms) continue;
        char text[400];
        const std::string what = row.phase == "train" ? "training batch " + std::to_string(row.batch) + " " + row.scope + " scope"
                                                      : "batch " + std::to_string(row.batch);
        if (row.prediction_error_pct) {
            std::snprintf(text, sizeof text, "  predicted before capture at %s: %.3f ms (%.2fx), measured %.3f ms: error %+.1f%%",
                          what.c_str(), *row.predicted_graphed_ms, row.predicted_speedup.value_or(0),
                          row.step_ms_median.value_or(0), *row.prediction_error_pct);
        } else {
            std::snprintf(text, sizeof text, "  predicted before capture at %s: %.3f ms (%.2fx); %s", what.c_str(),
                          *row.predicted_graphed_ms, row.predicted_speedup.value_or(0), row.advice.c_str());
        }
        events.log(text);
    }
}

}  // namespace

void checkSweepPlan(const results::SweepPlan& plan) {
    if (const auto error = results::validateSweepPlan(plan); !error.empty()) throw UsageError(error);
    refuseSharedOutputs(plan);
#if !defined(GRAPHLENS_HAVE_TRAINING)
    if (results::hasPhase(plan, "train")) {
        throw UsageError("phase train: this build has no training (it needs dataset support, GRAPHLENS_WITH_DATASETS=ON)");
    }
#endif
    // A model file is checked when it is loaded (its forward on load shows which sizes it takes).
    if (plan.model.empty()) checkImageSizeFits(builtInFamily(plan.family), plan.imgsz);
    try {
        for (const auto& path : {plan.csv, plan.json, plan.autosave, plan.trace}) {
            if (!path.empty()) results::checkWritable(path);
        }
    } catch (const results::ResultsError& error) {
        throw UsageError(error.what());
    }
}

std::string defaultAutosavePath(const results::SweepPlan& plan, const std::string& sessionId) {
    const std::string& export_ = !plan.csv.empty() ? plan.csv : plan.json;
    if (!export_.empty()) return fs::path(export_).replace_extension(".autosave.jsonl").string();
    const fs::path folder = platform::graphlensUserFolder(platform::UserFolder::Data) / "sessions";
    std::error_code ec;
    fs::create_directories(folder, ec);
    return (folder / (sessionId + ".jsonl")).string();
}

SweepSessionResult runSweepSession(results::SweepPlan plan, SweepEvents& events) {
    checkSweepPlan(plan);
    results::Session session;
    session.session_id = results::newSessionId();
    session.created = results::utcTimestampNow();
    if (plan.autosave.empty()) plan.autosave = defaultAutosavePath(plan, session.session_id);
    try {
        results::checkWritable(plan.autosave);
    } catch (const results::ResultsError& error) {
        throw UsageError(error.what());
    }
    session.environment = collectEnvironment();
    session.plan = results::toJson(plan);

    // Model and dataset errors are input errors: found here, before the autosave exists.
    auto family = resolveFamily(plan);
    if (!family.source.empty()) {
        events.log(family.source + (family.jit == "aoti" ? ": AOTInductor package, " : ": TorchScript ") + family.task + " model, " +
                   std::to_string(family.defaultImgsz) + " px; graph support " +
                   families::toString(family.inference.kind) + " (" + family.inference.reason + ")");
        plan.family = family.name;
        session.plan = results::toJson(plan);
    }
    const BenchmarkBatch batches(plan.data, family.task, plan.seed, events);
    results::JsonlAutosave autosave(plan.autosave);
    events.log("rows are autosaved to " + plan.autosave + " as they are measured");
    int failedRows = 0;
    InferenceVerdicts verdicts;  // the timed pass's, taken as they are by the profiled passes
    std::string deviceLost;      // a sticky CUDA error: nothing more runs on the GPU (graphs::DeviceLoss)
    if (results::hasPhase(plan, "infer")) {
        auto inferencePlan = plan;
        inferencePlan.precision = results::inferencePrecision(plan);
        SweepRunner runner(family, inferencePlan, session.session_id, events, &autosave, &batches);
        auto outcome = runner.run();
        failedRows += outcome.failedRows;
        session.rows = std::move(outcome.rows);
        session.environment["timed_pass_clocks"] = outcome.clocks;
        verdicts = std::move(outcome.verdicts);
        deviceLost = outcome.deviceLost;
    }
#if defined(GRAPHLENS_HAVE_TRAINING)
    if (results::hasPhase(plan, "train") && !deviceLost.empty()) {
        events.warning("training steps not run: " + deviceLost);
        ++failedRows;
    } else if (results::hasPhase(plan, "train")) {
        TrainingSweepRunner runner(family, plan, session.session_id, events, &autosave, batches);
        auto outcome = runner.run();
        failedRows += outcome.failedRows;
        session.rows.insert(session.rows.end(), outcome.rows.begin(), outcome.rows.end());
        session.environment["timed_pass_clocks_train"] = outcome.clocks;
        deviceLost = outcome.deviceLost;
    }
#endif

    if (plan.profile && !deviceLost.empty()) events.warning("profiled pass not run: " + deviceLost);
    const bool profile = plan.profile && deviceLost.empty() && torch::cuda::is_available();
    if (profile) {
        // Both profiled passes profile every phase of the plan (inference steps, then training
        // steps) and write no exports but the trace: their rows come back to be merged here.
        auto profiledPlan = plan;
        profiledPlan.csv.clear();
        profiledPlan.json.clear();
        profiledPlan.autosave.clear();
        // The replay calibration before the profiled passes, with the GPU idle: its gap per kernel
        // explains the saving there, and the predictions use it afterwards.
        const auto calibration = deviceReplayCalibration(session.environment, events);
        if (calibration) session.environment[advisor::kReplayCalibrationKey] = advisor::toJson(*calibration);
        auto profiled = runProfiledPasses(profiledPlan, family, session.session_id, events, &batches, verdicts,
                                          calibration ? std::optional<double>(calibration->gapUsPerKernel) : std::nullopt);
        results::mergeProfiledMetrics(session.rows, profiled);
        for (const auto& row : profiled) {
            autosave.append(row);
            events.measurement(row);
            if (row.profiler_overhead_pct) {
                const std::string what = row.phase == "train" ? "training batch " + std::to_string(row.batch) + " " +
                                                                   row.scope + " scope"
                                                             : "batch " + std::to_string(row.batch);
                std::string line = "profiler overhead at " + what + ", " + row.arm + ": " +
                                   results::describeOverhead(*row.profiler_overhead_pct, row.profiler_overhead_ci_low,
                                                             row.profiler_overhead_ci_high) +
                                   " step time recording API calls";
                if (row.gpu_records_overhead_pct) {
                    line += ", " + results::describeOverhead(*row.gpu_records_overhead_pct, row.gpu_records_overhead_ci_low,
                                                             row.gpu_records_overhead_ci_high) +
                            " also recording kernels and copies";
                }
                events.log(line);
            }
            session.rows.push_back(row);
        }
        predictGraphedSteps(session, calibration, events);
    }

    if (deviceLost.empty() && plan.graph != "off") diagnoseRefusedRows(plan, family, session.rows, events);

    if (plan.graph == "off") {
        // The eager arm alone was asked for (`advise`): the graphed rows that were never measured are
        // not written, so a file holds what was measured and predicted, nothing skipped by request.
        std::erase_if(session.rows, [](const results::Measurement& row) {
            return row.arm == "graphed" && row.status == "skipped";
        });
    }
    SweepSessionResult result;
    result.rows = static_cast<int>(session.rows.size());
    result.outputs.push_back(plan.autosave);
    if (!plan.csv.empty()) {
        results::writeCsv(plan.csv, session.rows);
        result.outputs.push_back(plan.csv);
    }
    if (!plan.json.empty()) {
        results::writeSession(plan.json, session);
        result.outputs.push_back(plan.json);
    }
    result.exitCode = failedRows > 0 ? 1 : 0;
    result.environment = session.environment;
    result.measured = std::move(session.rows);
    return result;
}

}  // namespace graphlens::bench
