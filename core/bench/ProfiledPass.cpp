#include "bench/ProfiledPass.h"

#include "bench/ChildProcess.h"
#include "bench/Environment.h"
#include "bench/InferenceRow.h"
#include "bench/ProtocolSweepEvents.h"
#include "bench/SyntheticBatch.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphCaptureError.h"
#include "graphs/InferenceGraphRunner.h"
#include "profiler/ChromeTrace.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/ProfileSession.h"
#include "profiler/ScopedPhase.h"
#include "results/AtomicFile.h"
#include "results/Statistics.h"
#include "results/WorkerProtocol.h"

#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <unistd.h>

namespace graphlens::bench {
namespace {

using results::Measurement;
using Clock = std::chrono::steady_clock;

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
    row.gpu_idle_pct = s.gpuIdlePct;
    row.network_fraction = s.networkFraction;
    row.speedup_ceiling = s.speedupCeiling;
    row.launch_delay_us_median = s.launchDelayMedianUs;
    row.launch_delay_us_p90 = s.launchDelayP90Us;
    fillPhaseColumns(row, s);
    const auto& d = result.metrics->discarded;
    row.discarded_records = static_cast<double>(d.total());
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
    graphs::DeviceMemory memory(device);
    torch::NoGradGuard noGrad;
    auto network = family.build(plan.seed);
    network.ptr()->to(device, dtype);
    network.ptr()->eval();
    profiler::ChromeTrace trace;

    for (int batch : plan.batches) {
        const Measurement base =
            inferenceRow(sessionId, family, batch, imgsz, plan.precision, "profiled", deviceName(true));
        graphs::InferenceGraphRunner runner(network, family.name);
        torch::Tensor input;
        try {
            input = batches ? batches->make(batch, imgsz, dtype, device)
                            : makeSyntheticBatch(batch, imgsz, dtype, device, plan.seed + batch);
            if (graphsAllowed) runner.capture(input);  // before CUPTI starts: capture is not what is profiled
        } catch (const std::exception& error) {
            for (const char* arm : {"eager", "graphed"}) {
                Measurement row = base;
                row.arm = arm;
                row.status = dynamic_cast<const c10::OutOfMemoryError*>(&error) ? "oom" : "error";
                row.message = std::string("profiled pass: ") + std::string(error.what()).substr(0, std::string(error.what()).find('\n'));
                rows.push_back(row);
                events.measurement(row);
            }
            continue;
        }
        for (const char* arm : {"eager", "graphed"}) {
            const bool graphed = std::string(arm) == "graphed";
            if (graphed && !graphsAllowed) {
                Measurement row = base;
                row.arm = arm;
                row.status = "refused";
                row.message = "graphs refused for " + family.name + ": " + family.inference.reason;
                rows.push_back(row);
                events.measurement(row);
                continue;
            }
            const std::function<void()> forward = graphed
                ? std::function<void()>([&] { runner.replayIntoStaticOutput(input); })
                : std::function<void()>([&] { network.any_forward(input); });
            for (int i = 0; i < 2; ++i) forward();  // warm after the other arm ran
            memory.synchronize();
            profiler::ProfileSession session(profiler::makeCuptiActivitySource());
            if (!session.start()) events.warning("profiled pass without CUPTI: " + session.unavailableReason());
            std::vector<double> stepsMs;
            for (int i = 0; i < plan.profileSteps; ++i) {
                const auto started = Clock::now();
                {
                    profiler::ScopedPhase step(session.recorder(), profiler::kPhaseStep);
                    {
                        profiler::ScopedPhase phase(session.recorder(), profiler::kPhaseForward);
                        forward();
                    }
                    memory.synchronize();
                }
                stepsMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - started).count());
            }
            auto result = session.stop();
            Measurement row = base;
            row.arm = arm;
            fillFromMetrics(row, result, stepsMs);
            trace.add(family.name + " batch " + std::to_string(batch) + " " + arm, result.batch, result.phases);
            rows.push_back(row);
            events.measurement(row);
        }
        runner.release();
        memory.emptyCache();
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
    const std::string command = shellQuoted(executable) + " profile-pass --plan " +
                                shellQuoted(planFile.string()) + " --session-id " + shellQuoted(sessionId);
    events.log("profiled pass (CUPTI) in its own process");
    std::FILE* child = ::popen(command.c_str(), "r");
    if (!child) {
        events.warning("could not start the profiled pass process");
        return rows;
    }
    std::string line;
    std::array<char, 65536> chunk{};
    while (std::fgets(chunk.data(), static_cast<int>(chunk.size()), child)) {
        line += chunk.data();
        if (line.empty() || line.back() != '\n') continue;
        line.pop_back();
        if (const auto event = results::decodeWorkerEvent(line)) {
            using T = results::WorkerEventType;
            if (event->type == T::Measurement) {
                rows.push_back(results::measurementOf(*event));
            } else if (event->type == T::Warning || event->type == T::Error) {
                events.warning("profiled pass: " + event->fields.value("text", ""));
            } else if (event->type == T::Log) {
                events.log("profiled pass: " + event->fields.value("text", ""));
            }
        }
        line.clear();
    }
    const int status = ::pclose(child);
    std::error_code ignored;
    std::filesystem::remove(planFile, ignored);
    if (status != 0) events.warning("the profiled pass process failed (status " + std::to_string(status) + ")");
    return rows;
}

void mergeProfiledMetrics(std::vector<Measurement>& timedRows, std::vector<Measurement>& profiledRows) {
    for (auto& profiled : profiledRows) {
        for (auto& timed : timedRows) {
            if (timed.batch != profiled.batch || timed.arm != profiled.arm || timed.family != profiled.family) continue;
            profiled.profiler_overhead_pct =
                profiler::profilerOverheadPct(profiled.step_ms_median, timed.step_ms_median);
            if (profiled.status != "ok") continue;
            timed.launches = profiled.launches;
            timed.graph_launches = profiled.graph_launches;
            timed.kernels = profiled.kernels;
            timed.launch_cpu_us = profiled.launch_cpu_us;
            timed.gpu_busy_us = profiled.gpu_busy_us;
            timed.gpu_idle_pct = profiled.gpu_idle_pct;
            timed.network_fraction = profiled.network_fraction;
            timed.speedup_ceiling = profiled.speedup_ceiling;
            timed.launch_delay_us_median = profiled.launch_delay_us_median;
            timed.launch_delay_us_p90 = profiled.launch_delay_us_p90;
            for (const auto& columns : kPhaseColumns) {
                timed.*columns.wall = profiled.*columns.wall;
                timed.*columns.gpu = profiled.*columns.gpu;
            }
            timed.discarded_records = profiled.discarded_records;
            timed.profiler_overhead_pct = profiled.profiler_overhead_pct;
        }
    }
}

}  // namespace graphlens::bench
