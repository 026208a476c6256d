#include "bench/TrainingSweepRunner.h"

#include "bench/Environment.h"
#include "bench/InferenceRow.h"
#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "bench/ProgressThrottle.h"
#include "bench/SweepRowFigures.h"
#include "bench/SynchronizedPhaseTimer.h"
#include "bench/TimedPassClocks.h"
#include "bench/TrainingSweepArms.h"
#include "bench/TrainingSweepStep.h"
#include "graphs/DeviceMemory.h"
#include "graphs/OutOfMemory.h"
#include "results/ErrorText.h"
#include "train/TrainingPrecision.h"

#include <torch/cuda.h>

#include <algorithm>
#include <stdexcept>

namespace graphlens::bench {
namespace {

using families::TrainingGraphScope;
using results::Measurement;

// The eager counts of the graphed arm: sightings before capture and anything that ran eagerly.
double eagerFallbacksOf(const train::TrainingGraphSummary& summary) {
    return static_cast<double>(summary.eagerBeforeCapture + summary.eagerNotReady + summary.eagerOtherShapes +
                               summary.eagerAfterFailure);
}

}  // namespace

TrainingSweepRunner::TrainingSweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId,
                                         SweepEvents& events, results::JsonlAutosave* autosave,
                                         const BenchmarkBatch& batches, std::shared_ptr<graphs::CaptureBackend> backend)
    : family_(std::move(family)), plan_(std::move(plan)), sessionId_(std::move(sessionId)), events_(events),
      autosave_(autosave), batches_(batches), backend_(std::move(backend)) {}

SweepOutcome TrainingSweepRunner::run() {
    const auto& family = family_;
    SweepOutcome outcome;
    const bool cuda = torch::cuda::is_available();
    const bool graphsPossible = cuda || backend_;
    const torch::Device device = cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    std::string precisionName = results::trainingPrecision(plan_);
    if (!cuda && precisionName != "fp32") {
        events_.warning("training in " + precisionName + " on the CPU is not representative of anything: running fp32");
        precisionName = "fp32";
    }
    const auto precision = train::parseTrainingPrecision(precisionName);
    const int imgsz = plan_.imgsz > 0 ? plan_.imgsz : family.defaultImgsz;
    const std::string deviceLabel = deviceName(cuda);
    const int repeats = std::max(1, plan_.repeats);
    graphs::DeviceMemory memory(device);
    auto emit = [&](const Measurement& row) { emitRow(row, outcome, autosave_, events_); };
    if (!family.loss || !family.trainingTargets) {
        for (const int batch : plan_.batches) {
            for (const auto& scopeName : plan_.graphScopes) {
                Measurement row = trainingRow(sessionId_, family, batch, imgsz, precisionName, "timed", deviceLabel);
                row.scope = scopeName;
                for (const char* arm : {"eager", "graphed"}) {
                    row.arm = arm;
                    markFailed(row, "error", family.name + " has no training loss: its training steps cannot be timed");
                    emit(row);
                }
            }
        }
        return outcome;
    }
    events_.log(family.name + " training steps on " + deviceLabel + ", " + precisionName + ", " + plan_.optimizer + ", " +
                std::to_string(imgsz) + " px, " + batches_.description());

    const int graphedWarmup = graphedTrainingWarmup(plan_);
    const int phaseSteps = std::max(5, plan_.steps);
    const int unitsPerPair = 3 * plan_.warmup + graphedWarmup + plan_.warmup + 2 * plan_.steps * repeats + 2 * phaseSteps;
    ProgressThrottle progress(events_, static_cast<int>(plan_.batches.size() * plan_.graphScopes.size()) * unitsPerPair);
    TimedPassClocks clocks;
    int stage = 0;
    for (const int batch : plan_.batches) {
        for (const auto& scopeName : plan_.graphScopes) {
            const auto scope = trainingScopeOf(scopeName);
            const std::string label = family.name + " training batch " + std::to_string(batch) + " " + scopeName + " scope";
            progress.startStage(stage++ * unitsPerPair, label);
            auto advance = [&](const char* what) { progress.advance(label + ": " + what); };
            Measurement eager = trainingRow(sessionId_, family, batch, imgsz, precisionName, "timed", deviceLabel);
            eager.scope = scopeName;
            eager.arm = "eager";
            Measurement graphed = eager;
            graphed.arm = "graphed";
            graphed.graph_mode = "auto";  // captured on the third sighting, as a training run does
            const auto refusal = trainingScopeRefusal(family, scope);
            bool graphedRuns = false;
            if (!graphsPossible) {
                markFailed(graphed, "skipped", "CUDA graphs need a CUDA device; this run is on the CPU");
            } else if (!refusal.empty()) {
                markFailed(graphed, "refused", refusal);
            } else {
                graphedRuns = true;
            }

            bool eagerDone = false, graphedDone = false;
            {
                TrainingSweepArms arms;
                try {
                    // Per pair: the decoded images come from the batch source's cache.
                    auto host = batches_.makeTraining(batch, imgsz, /*pin=*/cuda);
                    arms = buildTrainingSweepArms(family, plan_, precision, scope, graphedRuns, device, backend_,
                                                  [this](const std::string& text) { events_.warning(text); });
                    TrainingSweepStep step(*arms.eager, arms.graphed.get(), family, std::move(host), device);
                    NvtxPhases nvtx;

                    for (int i = 0; i < plan_.warmup; ++i, advance("eager warm-up")) timeStep(step, Arm::Eager, nvtx, memory);
                    memory.resetPeaks();
                    for (int i = 0; i < plan_.warmup; ++i, advance("eager warm-up")) timeStep(step, Arm::Eager, nvtx, memory);
                    fillPeaks(eager, memory);
                    if (arms.graphed) {
                        for (int i = 0; i < graphedWarmup; ++i, advance("graphed warm-up")) {
                            timeStep(step, Arm::Graphed, nvtx, memory);
                        }
                        const auto& summary = arms.graphed->summary();
                        if (!summary.failure.empty()) throw std::runtime_error("graph capture failed: " + summary.failure);
                        if (summary.captures == 0) {
                            throw std::runtime_error("no graph was captured during the graphed warm-up (" +
                                                     arms.graphed->describeGraphs() + ")");
                        }
                        memory.emptyCache();  // the side-stream warm-up's cached blocks are not a replaying run's
                        memory.resetPeaks();
                        for (int i = 0; i < plan_.warmup; ++i, advance("graphed warm-up")) {
                            timeStep(step, Arm::Graphed, nvtx, memory);
                        }
                        fillPeaks(graphed, memory);
                        for (int i = 0; i < plan_.warmup; ++i, advance("eager re-warm")) timeStep(step, Arm::Eager, nvtx, memory);
                    }

                    clocks.resume();
                    const auto rounds = timeInterleaved(step, arms.graphed != nullptr, plan_.steps, repeats, memory,
                                                        [&] { advance("timing"); });
                    clocks.pause();
                    auto warnIfUnsteady = [&](const results::RoundSummary& summary, const char* arm) {
                        const auto text = results::unsteadyWarning(label + " " + arm, summary);
                        if (!text.empty()) events_.warning(text);
                    };
                    warnIfUnsteady(fillTiming(eager, rounds.eager), "eager");
                    eagerDone = true;
                    if (arms.graphed) {
                        const auto& summary = arms.graphed->summary();
                        // A graph turned off inside the timed pass timed eager steps as graphed ones.
                        if (!summary.failure.empty()) throw std::runtime_error("graphs turned off: " + summary.failure);
                        warnIfUnsteady(fillTiming(graphed, rounds.graphed), "graphed");
                        graphed.replays = static_cast<double>(summary.replayed);
                        graphed.graph_pool_mb = static_cast<double>(summary.poolBytes) / (1024.0 * 1024.0);
                        graphed.eager_fallbacks = eagerFallbacksOf(summary);
                        fillGraphedComparison(eager, graphed, rounds.eager, rounds.graphed, summary.captureMs);
                        graphedDone = true;
                    }

                    SynchronizedPhaseTimer eagerPhases(memory), graphedPhases(memory);
                    for (int i = 0; i < phaseSteps; ++i, advance("phase pass")) step.run(Arm::Eager, eagerPhases);
                    fillPhases(eager, eagerPhases);
                    if (arms.graphed) {
                        for (int i = 0; i < phaseSteps; ++i, advance("phase pass")) step.run(Arm::Graphed, graphedPhases);
                        fillPhases(graphed, graphedPhases);
                    }
                    fillNetworkFraction(eager, arms.graphed ? &graphed : nullptr);
                } catch (const std::exception& error) {
                    clocks.pause();
                    events_.warning(label + ": " + markPairFailed(error, batch, eager, eagerDone, graphed, graphedDone));
                }
            }  // the arms' graphs, pool and network are freed here, before the next pair
            memory.emptyCache();
            emit(eager);
            emit(graphed);
        }
    }
    outcome.clocks = clocks.summary();
    progress.finish(family.name + " training: done");
    return outcome;
}

}  // namespace graphlens::bench
