#include "bench/SweepRunner.h"

#include "bench/Environment.h"
#include "bench/FamilyGraphRunner.h"
#include "bench/InferenceRow.h"
#include "bench/InferenceStep.h"
#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "graphs/OutOfMemory.h"
#include "bench/ProgressThrottle.h"
#include "bench/SweepParity.h"
#include "bench/SynchronizedPhaseTimer.h"
#include "bench/SweepNetwork.h"
#include "bench/SweepRowFigures.h"
#include "bench/TimedPassClocks.h"
#include "families/MemoryFormat.h"
#include "graphs/DeviceMemory.h"
#include "graphs/GraphDeclarationError.h"
#include "profiler/ScopedPhase.h"
#include "results/ErrorText.h"
#include "results/RoundStatistics.h"
#include "results/Statistics.h"

#include <torch/cuda.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace graphlens::bench {
namespace {

using results::Measurement;

graphs::GraphMode graphModeOf(const std::string& name) {
    return name == "auto" ? graphs::GraphMode::Auto : graphs::GraphMode::On;
}

}  // namespace

void emitRow(const Measurement& row, SweepOutcome& outcome, results::JsonlAutosave* autosave, SweepEvents& events) {
    if (row.status == "oom" || row.status == "error" || row.status == "refused") ++outcome.failedRows;
    outcome.rows.push_back(row);
    if (autosave) autosave->append(row);
    events.measurement(row);
}

SweepRunner::SweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId,
                         SweepEvents& events, results::JsonlAutosave* autosave, const BenchmarkBatch* batches,
                         std::shared_ptr<graphs::CaptureBackend> backend)
    : family_(std::move(family)), plan_(std::move(plan)), sessionId_(std::move(sessionId)), events_(events),
      autosave_(autosave), batches_(batches), backend_(std::move(backend)) {}

SweepOutcome SweepRunner::run() {
    const auto& family = family_;
    const bool cuda = torch::cuda::is_available();
    const bool graphsPossible = cuda || backend_;
    const torch::Device device = cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    std::string precision = plan_.precision;
    if (!cuda) {
        events_.warning("no CUDA device: the eager arm runs on the CPU; CUDA graphs need a CUDA device");
        if (precision == "fp16") {
            events_.warning("fp16 on the CPU is not representative of anything: running fp32");
            precision = "fp32";
        }
    }
    if (graphsPossible && !family.inference.capturable()) {
        events_.warning("graph mode '" + plan_.graph + "' refused for " + family.name + ": " + family.inference.reason +
                        "; only the eager arm is timed");
    }
    const auto dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    const int imgsz = plan_.imgsz > 0 ? plan_.imgsz : family.defaultImgsz;
    const auto scope = stepScopeOf(plan_.scope);
    const std::string deviceLabel = deviceName(cuda);
    const int repeats = std::max(1, plan_.repeats);
    graphs::DeviceMemory memory(device);

    torch::NoGradGuard noGrad;
    auto network = buildSweepNetwork(family, plan_.seed, imgsz, device, dtype);
    events_.log(family.name + " on " + deviceLabel + ", " + precision + ", " + std::to_string(imgsz) + " px, scope " +
                plan_.scope + ", " +
                (batches_ ? batches_->description()
                          : "synthetic image-like batch (seed " + std::to_string(plan_.seed) + ")"));

    graphs::GraphRunnerOptions baseOptions;
    baseOptions.backend = backend_;
    baseOptions.device = device;
    baseOptions.warmupIterations = captureWarmupIterations(family);
    baseOptions.warn = [this](const std::string& text) { events_.warning(text); };
    graphs::GraphRunnerOptions eagerOptions = baseOptions;
    eagerOptions.mode = graphs::GraphMode::Off;
    auto eagerRunner = makeFamilyGraphRunner(family, network, eagerOptions);

    const int graphedWarmup = std::max(plan_.warmup, baseOptions.autoThreshold);
    const int phaseSteps = std::max(5, plan_.steps);
    const int unitsPerBatch = 3 * plan_.warmup + graphedWarmup + plan_.warmup + 2 * plan_.steps * repeats + 2 * phaseSteps;
    const int units = static_cast<int>(plan_.batches.size() * plan_.memoryFormats.size()) * unitsPerBatch;
    ProgressThrottle progress(events_, units);
    SweepOutcome outcome;
    auto emit = [&](const Measurement& row) { emitRow(row, outcome, autosave_, events_); };
    TimedPassClocks clocks;

    int stage = 0;
    for (const auto& formatName : plan_.memoryFormats) {
        const auto format = families::memoryFormatOf(formatName);
        families::convertMemoryFormat(*network.ptr(), format);
        for (const int batch : plan_.batches) {
            const std::string label = family.name + " batch " + std::to_string(batch) +
                                      (plan_.memoryFormats.size() > 1 ? " " + formatName : "");
            progress.startStage(stage++ * unitsPerBatch, label);
            auto advance = [&](const char* what) { progress.advance(label + ": " + what); };

            Measurement eager = inferenceRow(sessionId_, family, batch, imgsz, precision, "timed", deviceLabel);
            eager.memory_format = formatName;
            eager.scope = plan_.scope;
            eager.jit = family.jit;
            eager.arm = "eager";
            Measurement graphed = eager;
            graphed.arm = "graphed";
            graphed.graph_mode = plan_.graph;

            std::unique_ptr<graphs::GraphRunner> graphedRunner;
            bool eagerDone = false, graphedDone = false;
            try {
                // The batch as a predict call gets it: decoded on the host (pinned on CUDA), in the
                // memory format of the network; the device buffer is what the data phase fills.
                const auto host = makeHostBatch(batches_, batch, imgsz, dtype, plan_.seed, format, cuda);
                auto deviceBatch = host.to(device).contiguous(format);

                bool graphedRuns = false;
                if (!graphsPossible) {
                    markFailed(graphed, "skipped", "CUDA graphs need a CUDA device; this run is on the CPU");
                } else if (!family.inference.capturable()) {
                    markFailed(graphed, "refused", "graph mode '" + plan_.graph + "' refused for " + family.name + ": " +
                                                       family.inference.reason);
                } else {
                    SweepParityResult parity;
                    try {
                        parity = checkSweepParity(family, network, batch, imgsz, dtype, format, baseOptions);
                    } catch (const graphs::GraphDeclarationError& error) {
                        parity.parity = "capture error";
                        parity.reason = results::errorCause(error.what());
                        parity.declarationError = true;  // the family's declaration is at fault
                    } catch (const std::exception& error) {
                        if (graphs::isOutOfMemory(error)) throw;  // the whole batch size is out of memory
                        parity.parity = "capture error";
                        parity.reason = results::errorCause(error.what());
                    }
                    graphed.parity = parity.parity;
                    if (parity.passed) {
                        graphedRuns = true;
                    } else if (graphs::isOutOfMemory(std::runtime_error(parity.reason))) {
                        markFailed(graphed, "oom", "out of memory in the parity check at batch " +
                                                       std::to_string(batch) + ": " + parity.reason);
                    } else if (parity.declarationError) {
                        markFailed(graphed, "error", parity.reason);
                    } else {
                        markFailed(graphed, "refused", "graphed arm refused: parity check " + parity.parity + ": " +
                                                           parity.reason);
                    }
                    memory.emptyCache();
                }

                if (graphedRuns) {
                    auto options = baseOptions;
                    options.mode = graphModeOf(plan_.graph);
                    graphedRunner = makeFamilyGraphRunner(family, network, options);
                }
                InferenceStep step(*eagerRunner, graphedRunner.get(), family.postprocess, scope, host, deviceBatch);
                NvtxPhases nvtx;

                // Eager: warm-up, then its steady state (peaks of warm steps only).
                for (int i = 0; i < plan_.warmup; ++i, advance("eager warm-up")) timeStep(step, Arm::Eager, nvtx, memory);
                memory.resetPeaks();
                for (int i = 0; i < plan_.warmup; ++i, advance("eager warm-up")) timeStep(step, Arm::Eager, nvtx, memory);
                fillPeaks(eager, memory);

                if (graphedRunner) {
                    if (graphedRunner->mode() == graphs::GraphMode::On) graphedRunner->captureFor(deviceBatch);
                    // Mode auto captures on the threshold's sighting: the warm-up covers it, so no
                    // capture ever happens inside a timed step.
                    for (int i = 0; i < graphedWarmup; ++i, advance("graphed warm-up")) {
                        timeStep(step, Arm::Graphed, nvtx, memory);
                    }
                    if (graphedRunner->graphCount() == 0) {
                        throw std::runtime_error("no graph was captured during the graphed warm-up");
                    }
                    // Graphed steady state: the side-stream warm-up's cached activations are not
                    // what a replaying process holds.
                    memory.emptyCache();
                    memory.resetPeaks();
                    for (int i = 0; i < plan_.warmup; ++i, advance("graphed warm-up")) {
                        timeStep(step, Arm::Graphed, nvtx, memory);
                    }
                    fillPeaks(graphed, memory);
                    // The capture emptied the cache: re-warm the eager arm so no timed eager step
                    // pays for cudaMalloc.
                    for (int i = 0; i < plan_.warmup; ++i, advance("eager re-warm")) {
                        timeStep(step, Arm::Eager, nvtx, memory);
                    }
                }

                clocks.resume();
                const auto rounds = timeInterleaved(step, graphedRunner != nullptr, plan_.steps, repeats, memory,
                                                    [&] { advance("timing"); });
                clocks.pause();
                auto warnIfUnsteady = [&](const results::RoundSummary& summary, const char* arm) {
                    const auto text = results::unsteadyWarning(label + " " + arm, summary);
                    if (!text.empty()) events_.warning(text);
                };
                warnIfUnsteady(fillTiming(eager, rounds.eager), "eager");
                eagerDone = true;
                if (graphedRunner) {
                    warnIfUnsteady(fillTiming(graphed, rounds.graphed), "graphed");
                    const auto info = graphedRunner->info();
                    double replays = 0, captureMs = 0, poolBytes = 0;
                    for (const auto& g : info.graphs) {
                        replays += static_cast<double>(g.replays);
                        captureMs += g.captureMs;
                        poolBytes += static_cast<double>(g.poolBytes);
                    }
                    graphed.replays = replays;
                    graphed.graph_pool_mb = poolBytes / (1024.0 * 1024.0);
                    graphed.eager_fallbacks = static_cast<double>(info.autoWarmupRuns + info.eagerFallbacks);
                    fillGraphedComparison(eager, graphed, rounds.eager, rounds.graphed, captureMs);
                    graphedDone = true;
                }

                // Phase pass: the same step, a synchronize at every phase boundary.
                SynchronizedPhaseTimer eagerPhases(memory), graphedPhases(memory);
                for (int i = 0; i < phaseSteps; ++i, advance("phase pass")) step.run(Arm::Eager, eagerPhases);
                fillPhases(eager, eagerPhases);
                if (graphedRunner) {
                    for (int i = 0; i < phaseSteps; ++i, advance("phase pass")) step.run(Arm::Graphed, graphedPhases);
                    fillPhases(graphed, graphedPhases);
                }
                fillNetworkFraction(eager, graphedRunner ? &graphed : nullptr);
            } catch (const std::exception& error) {
                clocks.pause();
                events_.warning(label + ": " + markPairFailed(error, batch, eager, eagerDone, graphed, graphedDone));
            }
            if (graphedRunner) graphedRunner->release();
            graphedRunner.reset();
            memory.emptyCache();
            emit(eager);
            emit(graphed);
        }
    }
    outcome.clocks = clocks.summary();
    progress.finish(family.name + ": done");
    return outcome;
}

}  // namespace graphlens::bench
