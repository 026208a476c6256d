#include "bench/TrainingSweepRunner.h"

#include "bench/Environment.h"
#include "bench/GraphedArmVerdict.h"
#include "bench/InferenceRow.h"
#include "bench/PairProcedure.h"
#include "bench/ProgressThrottle.h"
#include "bench/SweepRowFigures.h"
#include "bench/TimedPassClocks.h"
#include "bench/TrainingNetworkSource.h"
#include "bench/TrainingSweepArms.h"
#include "bench/TrainingSweepStep.h"
#include "graphs/DeviceLost.h"
#include "graphs/DeviceMemory.h"
#include "train/TrainingPrecision.h"

#include <torch/cuda.h>

#include <optional>

namespace graphlens::bench {

using results::Measurement;

TrainingSweepRunner::TrainingSweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId,
                                         SweepEvents& events, results::JsonlAutosave* autosave,
                                         const BenchmarkBatch& batches, std::shared_ptr<graphs::CaptureBackend> backend)
    : family_(std::move(family)), plan_(std::move(plan)), sessionId_(std::move(sessionId)), events_(events),
      autosave_(autosave), batches_(batches), backend_(std::move(backend)) {}

namespace {

// A family without a loss has no training step: every row says so.
SweepOutcome rowsWithoutLoss(const families::Family& family, const results::SweepPlan& plan, const Measurement& base,
                             results::JsonlAutosave* autosave, SweepEvents& events) {
    SweepOutcome outcome;
    for (const int batch : plan.batches) {
        for (const auto& scopeName : plan.graphScopes) {
            Measurement row = base;
            row.batch = batch;
            row.scope = scopeName;
            for (const char* arm : {"eager", "graphed"}) {
                row.arm = arm;
                markFailed(row, "error", family.name + " has no training loss: its training steps cannot be timed");
                emitRow(row, outcome, autosave, events);
            }
        }
    }
    return outcome;
}

}  // namespace

SweepOutcome TrainingSweepRunner::run() {
    const auto& family = family_;
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
    if (!family.loss || !family.trainingTargets) {
        const auto base = trainingRow(sessionId_, family, 0, imgsz, precisionName, "timed", deviceLabel);
        return rowsWithoutLoss(family, plan_, base, autosave_, events_);
    }
    events_.log(family.name + " training steps on " + deviceLabel + ", " + precisionName + ", " + plan_.optimizer + ", " +
                std::to_string(imgsz) + " px, " + batches_.description());

    graphs::DeviceMemory memory(device);
    TrainingNetworkSource networks(family, plan_.seed, device);
    const auto protocol = pairProtocolOf(plan_, graphedTrainingWarmup(plan_));
    const int unitsPerPair = protocol.progressUnits();
    ProgressThrottle progress(events_, static_cast<int>(plan_.batches.size() * plan_.graphScopes.size()) * unitsPerPair);
    SweepOutcome outcome;
    graphs::DeviceLoss deviceLoss;
    TimedPassClocks clocks;
    int stage = 0;
    for (const int batch : plan_.batches) {
        // The eager arm is the same step in every scope (nothing of it is captured): its phase pass
        // runs in the batch's first pair and is shared by the others (measureTimedPair).
        std::optional<Measurement> eagerPhases;
        for (const auto& scopeName : plan_.graphScopes) {
            const auto scope = trainingScopeOf(scopeName);
            PairContext context{family.name + " training batch " + std::to_string(batch) + " " + scopeName + " scope",
                                memory, events_, nullptr};
            progress.startStage(stage++ * unitsPerPair, context.label);
            context.advance = [&](const char* what) { progress.advance(context.label + ": " + what); };
            Measurement eager = trainingRow(sessionId_, family, batch, imgsz, precisionName, "timed", deviceLabel);
            eager.scope = scopeName;
            eager.arm = "eager";
            Measurement graphed = eager;
            graphed.arm = "graphed";
            graphed.graph_mode = "auto";  // captured on the third sighting, as a training run does
            auto verdict = decideTrainingGraphedArm(family, scope, graphsPossible);
            if (verdict.runs && plan_.graph == "off") verdict = graphedArmNotAsked();  // advise: a refusal is kept
            verdict.applyTo(graphed);
            PairProgress done;
            if (deviceLoss.lost()) {
                markPairNotRun(deviceLoss, eager, graphed);
                emitRow(eager, outcome, autosave_, events_);
                emitRow(graphed, outcome, autosave_, events_);
                continue;
            }
            {
                TrainingSweepArms arms;
                try {
                    // Per pair: the decoded images come from the batch source's cache.
                    auto host = batches_.makeTraining(batch, imgsz, /*pin=*/cuda);
                    arms = buildTrainingSweepArms(family, networks.fresh(), plan_, precision, scope, verdict.runs, device, backend_,
                                                  [this](const std::string& text) { events_.warning(text); });
                    TrainingSweepStep step(*arms.eager, arms.graphed.get(), family, std::move(host), device);
                    measureTimedPair(step, protocol, context, clocks, eager, graphed, done,
                                     eagerPhases ? &*eagerPhases : nullptr);
                } catch (const std::exception& error) {
                    failTimedPair(error, batch, context, deviceLoss, eager, graphed, done);
                }
            }  // the arms' graphs, pool and network are freed here, before the next pair
            memory.emptyCache();
            if (!eagerPhases && hasEagerPhases(eager)) eagerPhases = eager;
            emitRow(eager, outcome, autosave_, events_);
            emitRow(graphed, outcome, autosave_, events_);
        }
    }
    outcome.clocks = clocks.summary();
    outcome.deviceLost = deviceLoss.reason();
    progress.finish(family.name + " training: done");
    return outcome;
}

}  // namespace graphlens::bench
