#include "bench/SweepRunner.h"

#include "bench/Environment.h"
#include "bench/InferenceRow.h"
#include "bench/ProgressThrottle.h"
#include "bench/SyntheticBatch.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphCaptureError.h"
#include "graphs/InferenceGraphRunner.h"
#include "profiler/NvtxRange.h"
#include "results/ErrorText.h"
#include "results/Statistics.h"

#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <stdexcept>

namespace graphlens::bench {
namespace {

using results::Measurement;
using Clock = std::chrono::steady_clock;

constexpr int kCaptureWarmupIterations = 3;

double timeStepMs(const std::function<void()>& step, const graphs::DeviceMemory& memory) {
    const auto started = Clock::now();
    step();
    memory.synchronize();
    return std::chrono::duration<double, std::milli>(Clock::now() - started).count();
}

void fillTiming(Measurement& row, const std::vector<double>& samples) {
    row.steps = static_cast<int>(samples.size());
    if (samples.empty()) return;
    row.step_ms_median = results::median(samples);
    row.step_ms_min = results::minimum(samples);
    row.step_ms_p90 = results::quantile(samples, 0.9);
    const auto interval = results::bootstrapMedianInterval(samples);
    row.step_ms_ci_low = interval.low;
    row.step_ms_ci_high = interval.high;
}

void fillPeaks(Measurement& row, const graphs::DeviceMemory& memory) {
    if (!memory.isCuda()) return;  // the CPU has no VRAM to report
    const auto peaks = memory.peaks();
    row.vram_peak_allocated_mb = graphs::toMiB(peaks.allocatedBytes);
    row.vram_peak_reserved_mb = graphs::toMiB(peaks.reservedBytes);
    // Sampled while the arm's memory is still held (the cache is emptied only before the next arm).
    const auto usage = memory.deviceUsage();
    row.device_used_mb = graphs::toMiB(usage.usedBytes);
    row.device_outside_allocator_mb = graphs::toMiB(usage.usedBytes - memory.reservedBytes());
}

void markFailed(Measurement& row, const std::string& status, const std::string& message) {
    row.status = status;
    row.message = message;
}

// The line of a libtorch message that says why: the rest is a backtrace nobody asked for.
std::string firstLine(const std::string& text) { return results::errorCause(text); }

}  // namespace

SweepRunner::SweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId,
                         SweepEvents& events, results::JsonlAutosave* autosave, const BenchmarkBatch* batches)
    : family_(std::move(family)), plan_(std::move(plan)), sessionId_(std::move(sessionId)), events_(events),
      autosave_(autosave), batches_(batches) {}

SweepOutcome SweepRunner::run() {
    const auto& family = family_;
    const bool cuda = torch::cuda::is_available();
    const torch::Device device = cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    std::string precision = plan_.precision;
    if (!cuda) {
        events_.warning("no CUDA device: the eager arm runs on the CPU; CUDA graphs need a CUDA device");
        if (precision == "fp16") {
            events_.warning("fp16 on the CPU is not representative of anything: running fp32");
            precision = "fp32";
        }
    }
    if (cuda && !family.inference.capturable()) {
        events_.warning("graph mode '" + plan_.graph + "' refused for " + family.name + ": " + family.inference.reason +
                        "; only the eager arm is timed");
    }
    if (plan_.graph == "auto") {
        // Each batch size is one repeated shape, so auto would capture on its third step anyway.
        events_.warning("the sweep times graphs captured before the timed steps (mode 'on'); 'auto' "
                        "changes nothing for a fixed-shape sweep");
    }
    const auto dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    const int imgsz = plan_.imgsz > 0 ? plan_.imgsz : family.defaultImgsz;
    const std::string deviceLabel = deviceName(cuda);
    graphs::DeviceMemory memory(device);

    torch::NoGradGuard noGrad;
    auto network = family.build(plan_.seed);
    network.ptr()->to(device, dtype);
    network.ptr()->eval();
    events_.log(family.name + " on " + deviceLabel + ", " + precision + ", " + std::to_string(imgsz) + " px, " +
                (batches_ ? batches_->description()
                          : "synthetic image-like batch (seed " + std::to_string(plan_.seed) + ")"));

    const int unitsPerBatch = 2 * (plan_.warmup + plan_.steps);
    ProgressThrottle progress(events_, static_cast<int>(plan_.batches.size()) * unitsPerBatch);
    SweepOutcome outcome;
    auto emit = [&](const Measurement& row) {
        if (row.status == "oom" || row.status == "error" || row.status == "refused") ++outcome.failedRows;
        outcome.rows.push_back(row);
        if (autosave_) autosave_->append(row);
        events_.measurement(row);
    };

    for (std::size_t index = 0; index < plan_.batches.size(); ++index) {
        const int batch = plan_.batches[index];
        const std::string label = family.name + " batch " + std::to_string(batch);
        progress.startStage(static_cast<int>(index) * unitsPerBatch, label);

        Measurement eager = inferenceRow(sessionId_, family, batch, imgsz, precision, "timed", deviceLabel);
        eager.arm = "eager";
        Measurement graphed = eager;
        graphed.arm = "graphed";

        graphs::InferenceGraphRunner runner(network, family.name);
        std::vector<double> eagerMs, graphedMs;
        torch::Tensor input;
        auto eagerStep = [&] {
            profiler::NvtxRange range("step eager");
            network.any_forward(input);  // whatever the forward returns: a tensor, a tuple, a dict
        };
        auto graphedStep = [&] {
            profiler::NvtxRange range("step graphed");
            runner.replayIntoStaticOutput(input);
        };
        const std::function<void()> eagerFn = eagerStep, graphedFn = graphedStep;

        try {
            input = batches_ ? batches_->make(batch, imgsz, dtype, device)
                             : makeSyntheticBatch(batch, imgsz, dtype, device, plan_.seed + batch);
            memory.emptyCache();
            memory.resetPeaks();
            for (int i = 0; i < plan_.warmup; ++i) {
                timeStepMs(eagerStep, memory);
                progress.advance(label + ": eager warm-up");
            }
            fillPeaks(eager, memory);
        } catch (const c10::OutOfMemoryError& error) {
            const std::string why = "out of memory at batch " + std::to_string(batch) + ": " + firstLine(error.what());
            events_.warning(why);
            markFailed(eager, "oom", why);
            markFailed(graphed, "oom", why);
        }

        bool graphReady = false;
        if (eager.status != "ok") {
            // Both rows already carry the reason.
        } else if (!cuda) {
            markFailed(graphed, "skipped", "CUDA graphs need a CUDA device; this run is on the CPU");
        } else if (!family.inference.capturable()) {
            markFailed(graphed, "refused", "graph mode '" + plan_.graph + "' refused for " + family.name + ": " +
                                               family.inference.reason);
        } else {
            try {
                memory.emptyCache();
                memory.resetPeaks();
                const auto stats = runner.capture(input, kCaptureWarmupIterations);
                for (int i = 0; i < plan_.warmup; ++i) {
                    timeStepMs(graphedStep, memory);
                    progress.advance(label + ": graphed warm-up");
                }
                fillPeaks(graphed, memory);
                graphed.capture_ms = stats.captureMs;
                graphed.graph_pool_mb = graphs::toMiB(stats.poolBytes);
                graphReady = true;
            } catch (const c10::OutOfMemoryError& error) {
                const std::string why = "out of memory while capturing at batch " + std::to_string(batch) +
                                        ": " + firstLine(error.what());
                events_.warning(why);
                markFailed(graphed, "oom", why);
            } catch (const graphs::GraphCaptureError& error) {
                events_.warning(error.what());
                markFailed(graphed, "error", firstLine(error.what()));
            }
        }

        if (eager.status == "ok") {
            try {
                // Arms alternate in blocks (A B B A ...), not step by step: the first step after
                // a switch pays for the other arm's cold caches and GPU clock state, and that
                // cost belongs to neither arm (measured on the H200: ~30 us at batch 1).
                const int block = std::max(1, (plan_.steps + 3) / 4);
                for (int done = 0, round = 0; done < plan_.steps; done += block, ++round) {
                    const int count = std::min(block, plan_.steps - done);
                    const bool eagerFirst = round % 2 == 0;
                    for (int arm = 0; arm < 2; ++arm) {
                        const bool eagerTurn = (arm == 0) == eagerFirst;
                        if (!eagerTurn && !graphReady) continue;
                        for (int i = 0; i < count; ++i) {
                            (eagerTurn ? eagerMs : graphedMs)
                                .push_back(timeStepMs(eagerTurn ? eagerFn : graphedFn, memory));
                            progress.advance(label + ": timing");
                        }
                    }
                }
            } catch (const c10::Error& error) {
                const std::string why = "failed while timing batch " + std::to_string(batch) + ": " + firstLine(error.what());
                events_.warning(why);
                markFailed(eager, "error", why);
                if (graphReady) markFailed(graphed, "error", why);
                graphReady = false;
            }
        }

        if (eager.status == "ok") fillTiming(eager, eagerMs);
        if (graphReady) {
            fillTiming(graphed, graphedMs);
            graphed.replays = static_cast<double>(runner.replays());
            graphed.speedup = *eager.step_ms_median / *graphed.step_ms_median;
            const auto interval = results::bootstrapRatioInterval(eagerMs, graphedMs);
            graphed.speedup_ci_low = interval.low;
            graphed.speedup_ci_high = interval.high;
            graphed.vram_delta_reserved_mb = *graphed.vram_peak_reserved_mb - *eager.vram_peak_reserved_mb;
            const double savingMs = *eager.step_ms_median - *graphed.step_ms_median;
            if (savingMs > 0) graphed.break_even_replays = *graphed.capture_ms / savingMs;
        }
        runner.release();
        input = torch::Tensor();
        memory.emptyCache();
        emit(eager);
        emit(graphed);
    }
    progress.finish(family.name + ": done");
    return outcome;
}

}  // namespace graphlens::bench
