#include "bench/TrainingProfiledPass.h"

#include "bench/Environment.h"
#include "bench/GraphedArmVerdict.h"
#include "bench/InferenceRow.h"
#include "bench/PairProcedure.h"
#include "bench/TrainingNetworkSource.h"
#include "bench/TrainingSweepArms.h"
#include "bench/TrainingSweepStep.h"
#include "graphs/DeviceMemory.h"

namespace graphlens::bench {

void profileTrainingSteps(const results::SweepPlan& plan, const families::Family& family, const std::string& sessionId,
                          SweepEvents& events, const BenchmarkBatch& batches, profiler::CuptiRecords records,
                          profiler::ChromeTrace& trace, std::vector<results::Measurement>& rows, std::optional<double> replayGapUs) {
    if (!family.loss || !family.trainingTargets) return;  // the timed pass already said why it has no rows
    const torch::Device device(torch::kCUDA, 0);
    const std::string precisionName = results::trainingPrecision(plan);
    const auto precision = train::parseTrainingPrecision(precisionName);
    const int imgsz = plan.imgsz > 0 ? plan.imgsz : family.defaultImgsz;
    graphs::DeviceMemory memory(device);
    TrainingNetworkSource networks(family, plan.seed, device);
    const auto protocol = pairProtocolOf(plan, graphedTrainingWarmup(plan));
    std::string recordingNote;
    for (const int batch : plan.batches) {
        // Every scope's eager arm is the same step: profiled in the batch's first pair, reused after.
        SharedEagerWindow eagerWindow;
        for (const auto& scopeName : plan.graphScopes) {
            const auto scope = trainingScopeOf(scopeName);
            auto base = trainingRow(sessionId, family, batch, imgsz, precisionName, "profiled", deviceName(true));
            base.scope = scopeName;
            PairContext context{family.name + " training batch " + std::to_string(batch) + " " + scopeName + " scope",
                                memory, events, [](const char*) {}};
            auto verdict = decideTrainingGraphedArm(family, scope, /*graphsPossible=*/true);
            if (verdict.runs && plan.graph == "off") verdict = graphedArmNotAsked();
            {
                TrainingSweepArms arms;
                try {
                    auto host = batches.makeTraining(batch, imgsz, /*pin=*/true);
                    arms = buildTrainingSweepArms(family, networks.fresh(), plan, precision, scope, verdict.runs, device, nullptr,
                                                  [&events](const std::string& text) { events.warning(text); });
                    TrainingSweepStep step(*arms.eager, arms.graphed.get(), family, std::move(host), device);
                    warmPairForProfiling(step, protocol, context, &eagerWindow);
                    // The device's replay gap per kernel (advisor::ReplayCalibration), for where the saved time went.
                    profilePair(step, verdict, base, plan.profileSteps, context, records, trace, recordingNote, rows,
                                replayGapUs, &eagerWindow);
                } catch (const std::exception& error) {
                    failProfiledPair(error, base, events, rows);
                }
            }  // the arms' graphs, pool and network are freed here, before the next pair
            memory.emptyCache();
        }
    }
}

}  // namespace graphlens::bench
