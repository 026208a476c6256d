#include "bench/ProfiledPass.h"

#include "bench/ChildProcess.h"
#include "bench/Environment.h"
#include "bench/FamilyGraphRunner.h"
#include "bench/InferenceRow.h"
#include "bench/InferenceStep.h"
#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "graphs/OutOfMemory.h"
#include "bench/SweepNetwork.h"
#include "bench/SweepParity.h"
#include "bench/ProtocolSweepEvents.h"
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
#include "results/WorkerProtocol.h"

#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <optional>
#include <filesystem>
#include <functional>
#include <unistd.h>

namespace graphlens::bench {
namespace {

using results::Measurement;

// The per-phase columns of the CSV: one wall/GPU pair per phase name the profiler knows.
struct PhaseColumns {
    const char* phase;
    std::optional<double> Measurement::*wall;
    std::optional<double> Measurement::*gpu;
};
constexpr PhaseColumns kPhaseColumns[] = {
    {profiler::kPhaseData, &Measurement::data_wall_us, &Measurement::data_gpu_us},
    {profiler::kPhaseForward, &Measurement::forward_wall_us, &Measurement::forward_gpu_us},
    {profiler::kPhaseLoss, &Measurement::loss_wall_us, &Measurement::loss_gpu_us},
    {profiler::kPhaseBackward, &Measurement::backward_wall_us, &Measurement::backward_gpu_us},
    {profiler::kPhaseOptimizer, &Measurement::optimizer_wall_us, &Measurement::optimizer_gpu_us},
    {profiler::kPhasePostprocess, &Measurement::postprocess_wall_us, &Measurement::postprocess_gpu_us},
};

void fillPhaseColumns(Measurement& row, const profiler::StepSummary& summary) {
    for (const auto& phase : summary.phases) {
        for (const auto& columns : kPhaseColumns) {
            if (phase.name != columns.phase) continue;
            row.*columns.wall = phase.wallUs;
            row.*columns.gpu = phase.gpuUs;
        }
    }
}

void fillFromMetrics(Measurement& row, const profiler::ProfileResult& result, const std::vector<double>& stepsMs) {
    row.steps = static_cast<int>(stepsMs.size());
    if (!stepsMs.empty()) {
        row.step_ms_median = results::median(stepsMs);
        row.step_ms_min = results::minimum(stepsMs);
        row.step_ms_p90 = results::quantile(stepsMs, 0.9);
    }
    if (!result.metrics) {
        row.status = "error";
        row.message = "profiled pass without CUPTI: " + result.unavailableReason;
        return;
    }
    const auto& s = result.metrics->summary;
    row.launches = s.launches;
    row.graph_launches = s.graphLaunches;
    row.kernels = s.kernels;
    row.launch_cpu_us = s.launchCpuUs;
    row.gpu_busy_us = s.gpuBusyUs;
    // Idle against the profiled step itself here; the merge recomputes it against the timed median.
    row.gpu_idle_pct = results::gpuIdlePct(s.gpuBusyUs, row.step_ms_median);
    row.network_gpu_fraction = s.networkGpuFraction;
    row.launch_delay_us_median = s.launchDelayMedianUs;
    row.launch_delay_us_p90 = s.launchDelayP90Us;
    fillPhaseColumns(row, s);
    const auto& d = result.metrics->discarded;
    row.discarded_records = static_cast<double>(d.total());
}


// The profiled pass's observer: each phase is a PhaseRecorder mark on CUPTI's clock (and an NVTX
// range), so kernels and copies are attributed to the phase whose host interval launched them.
class RecorderPhases : public profiler::PhaseObserver {
public:
    explicit RecorderPhases(profiler::PhaseRecorder* recorder) : recorder_(recorder) {}
    void begin(const char* phase) override {
        if (depth_ < open_.size()) open_[depth_].emplace(recorder_, phase);
        ++depth_;
    }
    void end(const char*) override {
        if (depth_ == 0) return;
        --depth_;
        if (depth_ < open_.size()) open_[depth_].reset();
    }

private:
    profiler::PhaseRecorder* recorder_;
    std::array<std::optional<profiler::ScopedPhase>, 8> open_;  // fixed: no allocation inside a step
    std::size_t depth_ = 0;
};

Measurement failedRow(Measurement row, const char* arm, const std::string& status, const std::string& message) {
    row.arm = arm;
    row.status = status;
    row.message = message;
    return row;
}

}  // namespace

std::vector<Measurement> runProfiledPass(const results::SweepPlan& plan, const families::Family& family,
                                         const std::string& sessionId, SweepEvents& events,
                                         const BenchmarkBatch* batches) {
    std::vector<Measurement> rows;
    if (!torch::cuda::is_available()) {
        events.warning("profiled pass skipped: it traces GPU kernels and there is no CUDA device");
        return rows;
    }
    const torch::Device device(torch::kCUDA, 0);
    const bool graphsAllowed = family.inference.capturable();
    const auto dtype = plan.precision == "fp16" ? torch::kHalf : torch::kFloat;
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
    profiler::ChromeTrace trace;
    bool noted = false;

    for (const auto& formatName : plan.memoryFormats) {
        const auto format = families::memoryFormatOf(formatName);
        families::convertMemoryFormat(*network.ptr(), format);
        for (int batch : plan.batches) {
            Measurement base =
                inferenceRow(sessionId, family, batch, imgsz, plan.precision, "profiled", deviceName(true));
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
                    rows.push_back(failedRow(base, arm, status, message));
                    events.measurement(rows.back());
                }
                continue;
            }
            for (const char* arm : {"eager", "graphed"}) {
                const bool graphed = std::string(arm) == "graphed";
                if (graphed && !graphedRunner) {
                    rows.push_back(failedRow(base, arm, "refused", graphedRefusal));
                    events.measurement(rows.back());
                    continue;
                }
                const auto which = graphed ? Arm::Graphed : Arm::Eager;
                try {
                    NvtxPhases nvtx;
                    for (int i = 0; i < 3; ++i) step->run(which, nvtx);  // warm after the other arm ran
                    memory.synchronize();
                    profiler::ProfileSession session(profiler::makeCuptiActivitySource());
                    if (!session.start()) events.warning("profiled pass without CUPTI: " + session.unavailableReason());
                    if (!noted && !session.recordingNote().empty()) {
                        events.log("profiled pass: " + session.recordingNote());
                        noted = true;
                    }
                    RecorderPhases phases(session.recorder());
                    std::vector<double> stepsMs;
                    for (int i = 0; i < plan.profileSteps; ++i) {
                        stepsMs.push_back(timeStep(*step, which, phases, memory));
                    }
                    auto result = session.stop();
                    Measurement row = base;
                    row.arm = arm;
                    fillFromMetrics(row, result, stepsMs);
                    trace.add(family.name + " batch " + std::to_string(batch) + " " + formatName + " " + arm,
                              result.batch, result.phases);
                    rows.push_back(row);
                } catch (const std::exception& error) {
                    rows.push_back(failedRow(base, arm, graphs::isOutOfMemory(error) ? "oom" : "error",
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
    if (!plan.trace.empty()) {
        trace.writeFile(plan.trace);
        events.log("trace of the profiled steps written to " + plan.trace + " (open it in ui.perfetto.dev)");
    }
    return rows;
}

std::vector<Measurement> runProfiledPassInChildProcess(const results::SweepPlan& plan, const std::string& sessionId,
                                                       SweepEvents& events) {
    std::vector<Measurement> rows;
    const auto planFile = std::filesystem::temp_directory_path() /
                          ("graphlens-profile-plan-" + std::to_string(::getpid()) + ".json");
    results::writeFileAtomically(planFile, results::toJson(plan).dump());
    const std::string executable = graphlensCliPath();
    if (!std::filesystem::exists(executable)) {
        events.warning("profiled pass skipped: " + executable + " not found");
        return rows;
    }
    events.log("profiled pass (CUPTI) in its own process");
    // Generous: a profiled step is at most a few times a timed one, plus captures and start-up.
    const auto limit = std::chrono::seconds(120 + 30 * static_cast<long>(plan.batches.size() * plan.memoryFormats.size()));
    const auto child = runChildProcess(
        {executable, "profile-pass", "--plan", planFile.string(), "--session-id", sessionId}, limit,
        [&](const std::string& line) {
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
    std::error_code ignored;
    std::filesystem::remove(planFile, ignored);
    if (!child.failure.empty()) {
        events.warning("the profiled pass process failed: " + child.failure);
    } else if (child.exitCode != 0) {
        events.warning("the profiled pass process failed (exit code " + std::to_string(child.exitCode) + ")");
    }
    return rows;
}

}  // namespace graphlens::bench
