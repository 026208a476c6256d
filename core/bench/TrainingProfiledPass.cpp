#include "bench/TrainingProfiledPass.h"

#include "bench/Environment.h"
#include "bench/InferenceRow.h"
#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "bench/ProfiledRowFigures.h"
#include "bench/ProfiledSteps.h"
#include "bench/TrainingSweepArms.h"
#include "bench/TrainingSweepStep.h"
#include "graphs/DeviceMemory.h"
#include "graphs/OutOfMemory.h"
#include "results/ErrorText.h"

#include <optional>
#include <stdexcept>

namespace graphlens::bench {

void profileTrainingSteps(const results::SweepPlan& plan, const families::Family& family, const std::string& sessionId,
                          SweepEvents& events, const BenchmarkBatch& batches, profiler::CuptiRecords records,
                          profiler::ChromeTrace& trace,
                          std::vector<results::Measurement>& rows) {
    if (!family.loss || !family.trainingTargets) return;  // the timed pass already said why it has no rows
    const torch::Device device(torch::kCUDA, 0);
    const std::string precisionName = results::trainingPrecision(plan);
    const auto precision = train::parseTrainingPrecision(precisionName);
    const int imgsz = plan.imgsz > 0 ? plan.imgsz : family.defaultImgsz;
    graphs::DeviceMemory memory(device);
    for (const int batch : plan.batches) {
        for (const auto& scopeName : plan.graphScopes) {
            const auto scope = trainingScopeOf(scopeName);
            const std::string label = family.name + " training batch " + std::to_string(batch) + " " + scopeName + " scope";
            auto base = trainingRow(sessionId, family, batch, imgsz, precisionName, "profiled", deviceName(true));
            base.scope = scopeName;
            const auto refusal = trainingScopeRefusal(family, scope);
            {
                TrainingSweepArms arms;
                std::optional<TrainingSweepStep> step;
                try {
                    auto host = batches.makeTraining(batch, imgsz, /*pin=*/true);
                    arms = buildTrainingSweepArms(family, plan, precision, scope, refusal.empty(), device, nullptr,
                                                  [&events](const std::string& text) { events.warning(text); });
                    step.emplace(*arms.eager, arms.graphed.get(), family, std::move(host), device);
                    NvtxPhases nvtx;
                    for (int i = 0; i < plan.warmup; ++i) timeStep(*step, Arm::Eager, nvtx, memory);
                    if (arms.graphed) {
                        // The capture happens here, on the third sighting: never inside a CUPTI window.
                        for (int i = 0; i < graphedTrainingWarmup(plan); ++i) timeStep(*step, Arm::Graphed, nvtx, memory);
                        const auto& summary = arms.graphed->summary();
                        if (!summary.failure.empty()) throw std::runtime_error("graph capture failed: " + summary.failure);
                        if (summary.captures == 0) throw std::runtime_error("no graph was captured during the warm-up");
                    }
                } catch (const std::exception& error) {
                    const auto status = graphs::isOutOfMemory(error) ? "oom" : "error";
                    for (const char* arm : {"eager", "graphed"}) {
                        rows.push_back(failedProfiledRow(base, arm, status, "profiled pass: " + results::errorCause(error.what())));
                        events.measurement(rows.back());
                    }
                    continue;
                }
                for (const char* arm : {"eager", "graphed"}) {
                    const bool graphed = std::string(arm) == "graphed";
                    if (graphed && !arms.graphed) {
                        rows.push_back(failedProfiledRow(base, arm, "refused", refusal));
                        events.measurement(rows.back());
                        continue;
                    }
                    const auto which = graphed ? Arm::Graphed : Arm::Eager;
                    try {
                        auto profiled = profileSteps(*step, which, plan.profileSteps, memory, events, records);
                        auto row = base;
                        row.arm = arm;
                        fillFromMetrics(row, profiled.result, profiled.stepsMs, profiled.unprofiledStepsMs);
                        if (graphed && !arms.graphed->summary().failure.empty()) {
                            row.status = "error";
                            row.message = "graphs turned off: " + arms.graphed->summary().failure;
                        }
                        trace.add(label + " " + arm, profiled.result.batch, profiled.result.phases);
                        rows.push_back(row);
                    } catch (const std::exception& error) {
                        rows.push_back(failedProfiledRow(base, arm, graphs::isOutOfMemory(error) ? "oom" : "error",
                                                         "profiled pass: " + results::errorCause(error.what())));
                    }
                    events.measurement(rows.back());
                }
                step.reset();
            }  // the arms' graphs, pool and network are freed here, before the next pair
            memory.emptyCache();
        }
    }
}

}  // namespace graphlens::bench
