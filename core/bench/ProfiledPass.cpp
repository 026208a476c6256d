#include "bench/ProfiledPass.h"

#include "bench/CliExecutable.h"
#include "bench/Environment.h"
#include "bench/FamilyGraphRunner.h"
#include "bench/InferenceRow.h"
#include "bench/InferenceStep.h"
#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "graphs/OutOfMemory.h"
#include "bench/SweepNetwork.h"
#include "bench/SweepParity.h"
#include "bench/ProfiledRowFigures.h"
#include "bench/ProtocolSweepEvents.h"
#include "bench/ProfiledSteps.h"
#if defined(GRAPHLENS_HAVE_TRAINING)
#include "bench/TrainingProfiledPass.h"
#endif
#include "graphs/CaptureObserver.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphCaptureError.h"
#include "profiler/ChromeTrace.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/ProfileSession.h"
#include "profiler/ScopedPhase.h"
#include "families/MemoryFormat.h"
#include "results/AtomicFile.h"
#include "results/ErrorText.h"
#include "results/ProfiledMerge.h"
#include "results/Statistics.h"
#include "platform/ChildProcess.h"
#include "platform/ProcessIds.h"
#include "results/WorkerProtocol.h"

#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <optional>
#include <filesystem>
#include <functional>

namespace graphlens::bench {
namespace {

using results::Measurement;

}  // namespace

namespace {

// The inference steps of the plan, both arms, each under its own CUPTI window.
void profileInferenceSteps(const results::SweepPlan& plan, const families::Family& family, const std::string& sessionId,
                           SweepEvents& events, const BenchmarkBatch* batches, profiler::CuptiRecords records,
                           profiler::ChromeTrace& trace, std::vector<Measurement>& rows) {
    const torch::Device device(torch::kCUDA, 0);
    const bool graphsAllowed = family.inference.capturable();
    const std::string precision = results::inferencePrecision(plan);  // as the timed inference rows
    const auto dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    const int imgsz = plan.imgsz > 0 ? plan.imgsz : family.defaultImgsz;
    const auto scope = stepScopeOf(plan.scope);
    graphs::DeviceMemory memory(device);
    torch::NoGradGuard noGrad;
    auto network = buildSweepNetwork(family, plan.seed, imgsz, device, dtype);  // as the timed pass
    graphs::GraphRunnerOptions baseOptions;
    baseOptions.device = device;
    baseOptions.warmupIterations = captureWarmupIterations(family);
    baseOptions.warn = [&events](const std::string& text) { events.warning(text); };
    auto eagerOptions = baseOptions;
    eagerOptions.mode = graphs::GraphMode::Off;
    auto eagerRunner = makeFamilyGraphRunner(family, network, eagerOptions);
    bool noted = false;

    for (const auto& formatName : plan.memoryFormats) {
        const auto format = families::memoryFormatOf(formatName);
        families::convertMemoryFormat(*network.ptr(), format);
        for (int batch : plan.batches) {
            Measurement base =
                inferenceRow(sessionId, family, batch, imgsz, precision, "profiled", deviceName(true));
            base.memory_format = formatName;
            base.scope = plan.scope;
            base.jit = family.jit;
            std::unique_ptr<graphs::GraphRunner> graphedRunner;
            std::string graphedRefusal = graphsAllowed ? "" : "graphs refused for " + family.name + ": " +
                                                                  family.inference.reason;
            std::optional<InferenceStep> step;
            try {
                const auto host = makeHostBatch(batches, batch, imgsz, dtype, plan.seed, format, /*pin=*/true);
                auto deviceBatch = host.to(device).contiguous(format);
                if (graphsAllowed) {
                    // The timed process refuses a graphed arm that is not bit-exact; so does this one.
                    const auto parity = checkSweepParity(family, network, batch, imgsz, dtype, format, baseOptions);
                    if (parity.passed) {
                        auto options = baseOptions;
                        options.mode = graphs::GraphMode::On;
                        graphedRunner = makeFamilyGraphRunner(family, network, options);
                        graphedRunner->captureFor(deviceBatch);  // before CUPTI starts: capture is not profiled
                    } else {
                        graphedRefusal = "graphed arm refused: parity check " + parity.parity + ": " + parity.reason;
                    }
                }
                step.emplace(*eagerRunner, graphedRunner.get(), family.postprocess, scope, host, deviceBatch);
            } catch (const std::exception& error) {
                const auto status = graphs::isOutOfMemory(error) ? "oom" : "error";
                const auto message = "profiled pass: " + results::errorCause(error.what());
                for (const char* arm : {"eager", "graphed"}) {
                    rows.push_back(failedProfiledRow(base, arm, status, message));
                    events.measurement(rows.back());
                }
                continue;
            }
            for (const char* arm : {"eager", "graphed"}) {
                const bool graphed = std::string(arm) == "graphed";
                if (graphed && !graphedRunner) {
                    rows.push_back(failedProfiledRow(base, arm, "refused", graphedRefusal));
                    events.measurement(rows.back());
                    continue;
                }
                const auto which = graphed ? Arm::Graphed : Arm::Eager;
                try {
                    auto profiled = profileSteps(*step, which, plan.profileSteps, memory, events, records);
                    if (!noted && !profiled.recordingNote.empty()) {
                        events.log("profiled pass: " + profiled.recordingNote);
                        noted = true;
                    }
                    Measurement row = base;
                    row.arm = arm;
                    fillFromMetrics(row, profiled.result, profiled.stepsMs, profiled.unprofiledStepsMs);
                    trace.add(family.name + " batch " + std::to_string(batch) + " " + formatName + " " + arm,
                              profiled.result.batch, profiled.result.phases);
                    rows.push_back(row);
                } catch (const std::exception& error) {
                    rows.push_back(failedProfiledRow(base, arm, graphs::isOutOfMemory(error) ? "oom" : "error",
                                             "profiled pass: " + results::errorCause(error.what())));
                }
                events.measurement(rows.back());
            }
            step.reset();
            if (graphedRunner) graphedRunner->release();
            graphedRunner.reset();
            memory.emptyCache();
        }
    }
}

}  // namespace

std::vector<Measurement> runProfiledPass(const results::SweepPlan& plan, const families::Family& family,
                                         const std::string& sessionId, SweepEvents& events,
                                         const BenchmarkBatch* batches, profiler::CuptiRecords records) {
    std::vector<Measurement> rows;
    if (!torch::cuda::is_available()) {
        events.warning("profiled pass skipped: it traces GPU kernels and there is no CUDA device");
        return rows;
    }
    // Before this process captures anything: a replay is then one GPU record instead of one per kernel
    // (CuptiActivitySource.h), and each captured graph's kernel count is noted for the metrics. Only
    // where GPU work is recorded: arming switches CUPTI's activity tracing on for the whole process,
    // and without GPU records a replay is one graph launch call either way.
    if (records == profiler::CuptiRecords::Full) {
        std::string perKernelWhy;
        if (profiler::armGraphLevelTracing(&perKernelWhy)) {
            graphs::setCaptureObserver([](const graphs::CapturedGraphInfo& graph) {
                profiler::noteCapturedGraph(graph.graphExec, graph.kernelNodes);
            });
        } else {
            events.log("graph replays are traced per kernel (slower): " + perKernelWhy);
        }
    }
    profiler::ChromeTrace trace;
    if (results::hasPhase(plan, "infer")) profileInferenceSteps(plan, family, sessionId, events, batches, records, trace, rows);
#if defined(GRAPHLENS_HAVE_TRAINING)
    if (results::hasPhase(plan, "train") && batches) profileTrainingSteps(plan, family, sessionId, events, *batches, records, trace, rows);
#endif
    if (!plan.trace.empty() && records == profiler::CuptiRecords::Full) {
        trace.writeFile(plan.trace);
        events.log("trace of the profiled steps written to " + plan.trace + " (open it in ui.perfetto.dev)");
    }
    return rows;
}

namespace {

// One profile-pass child for `records`; its rows, its log lines forwarded to events.
std::vector<Measurement> runProfiledChild(const std::string& executable, const std::filesystem::path& planFile,
                                          const std::string& sessionId, const char* records,
                                          std::chrono::seconds limit, SweepEvents& events) {
    std::vector<Measurement> rows;
    const auto child = platform::runChildProcess(
        {executable, "profile-pass", "--plan", planFile.string(), "--session-id", sessionId, "--records", records},
        limit, [&](const std::string& line) {
            const auto event = results::decodeWorkerEvent(line);
            if (!event) return;
            using T = results::WorkerEventType;
            if (event->type == T::Measurement) {
                rows.push_back(results::measurementOf(*event));
            } else if (event->type == T::Warning || event->type == T::Error) {
                events.warning("profiled pass: " + event->fields.value("text", ""));
            } else if (event->type == T::Log) {
                events.log("profiled pass: " + event->fields.value("text", ""));
            }
        });
    const std::string which = std::string("the profiled pass process (") + records + " records)";
    if (!child.failure.empty()) {
        events.warning(which + " failed: " + child.failure);
    } else if (child.exitCode != 0) {
        events.warning(which + " failed (exit code " + std::to_string(child.exitCode) + ")");
    }
    return rows;
}

}  // namespace

std::vector<Measurement> runProfiledPassInChildProcess(const results::SweepPlan& plan, const std::string& sessionId,
                                                       SweepEvents& events) {
    const std::string executable = graphlensCliPath();
    if (!std::filesystem::exists(executable)) {
        events.warning("profiled pass skipped: " + executable + " not found");
        return {};
    }
    const auto planFile = std::filesystem::temp_directory_path() /
                          ("graphlens-profile-plan-" + std::to_string(platform::currentProcessId()) + ".json");
    results::writeFileAtomically(planFile, results::toJson(plan).dump());
    // Generous, per process: a profiled step is at most a few times a timed one, plus captures and start-up.
    const long configurations = static_cast<long>(plan.batches.size()) *
                                ((results::hasPhase(plan, "infer") ? static_cast<long>(plan.memoryFormats.size()) : 0) +
                                 (results::hasPhase(plan, "train") ? static_cast<long>(plan.graphScopes.size()) : 0));
    const auto limit = std::chrono::seconds(120 + 30 * configurations);
    events.log("profiled pass (CUPTI), API calls alone, in its own process");
    const auto calls = runProfiledChild(executable, planFile, sessionId, "calls", limit, events);
    events.log("profiled pass (CUPTI), with kernels and copies, in its own process");
    const auto full = runProfiledChild(executable, planFile, sessionId, "full", limit, events);
    std::error_code ignored;
    std::filesystem::remove(planFile, ignored);
    return results::combineProfiledWindows(calls, full);
}

}  // namespace graphlens::bench
