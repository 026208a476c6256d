#include "bench/ProfiledPass.h"

#include "bench/CliExecutable.h"
#include "bench/Environment.h"
#include "bench/InferencePairs.h"
#include "bench/InferenceRow.h"
#include "bench/PairProcedure.h"
#include "bench/ProfiledChildRun.h"
#if defined(GRAPHLENS_HAVE_TRAINING)
#include "bench/TrainingProfiledPass.h"
#endif
#include "graphs/CaptureObserver.h"
#include "graphs/DeviceMemory.h"
#include "profiler/ChromeTrace.h"
#include "profiler/CuptiActivitySource.h"
#include "families/MemoryFormat.h"
#include "results/AtomicFile.h"
#include "results/ErrorText.h"
#include "results/ProfiledMerge.h"
#include "platform/ProcessIds.h"

#include <torch/cuda.h>

#include <chrono>
#include <filesystem>
#include <memory>

namespace graphlens::bench {
namespace {

using results::Measurement;

// The inference pairs of the plan, as the timed pass builds them (InferencePairs: the same network,
// parity verdict and graph mode), warmed up as it warms them, then each arm under its own window.
void profileInferenceSteps(const results::SweepPlan& plan, const families::Family& family, const std::string& sessionId,
                           SweepEvents& events, const BenchmarkBatch* batches, profiler::CuptiRecords records,
                           const InferenceVerdicts& verdicts, profiler::ChromeTrace& trace,
                           std::vector<Measurement>& rows, std::optional<double> replayGapUs) {
    const std::string precision = results::inferencePrecision(plan);  // as the timed inference rows
    InferencePairsSetup setup;
    setup.device = torch::Device(torch::kCUDA, 0);
    setup.dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    setup.imgsz = plan.imgsz > 0 ? plan.imgsz : family.defaultImgsz;
    setup.graphsPossible = true;
    setup.warn = [&events](const std::string& text) { events.warning(text); };
    graphs::DeviceMemory memory(setup.device);
    torch::NoGradGuard noGrad;
    InferencePairs pairs(family, plan, setup);
    const auto protocol = pairProtocolOf(plan, pairs.graphedWarmup());
    std::string recordingNote;
    for (const auto& formatName : plan.memoryFormats) {
        pairs.useMemoryFormat(families::memoryFormatOf(formatName));
        for (int batch : plan.batches) {
            Measurement base =
                inferenceRow(sessionId, family, batch, setup.imgsz, precision, "profiled", deviceName(true));
            base.memory_format = formatName;
            base.scope = plan.scope;
            base.jit = family.jit;
            if (family.inference.kind == families::GraphSupportKind::Seam) base.seam = family.inference.reason;
            PairContext context{family.name + " batch " + std::to_string(batch) + " " + formatName, memory, events,
                                [](const char*) {}};
            try {
                const auto decided = verdicts.find({formatName, batch});
                const auto pair = pairs.prepare(batch, batches, decided == verdicts.end() ? nullptr : &decided->second);
                warmPairForProfiling(*pair->step, protocol, context);
                // The device's replay gap per kernel (advisor::ReplayCalibration), for where the saved time went.
                profilePair(*pair->step, pair->verdict, base, plan.profileSteps, context, records, trace,
                            recordingNote, rows, replayGapUs);
            } catch (const std::exception& error) {
                failProfiledPair(error, base, events, rows);
            }
            memory.emptyCache();
        }
    }
    if (!recordingNote.empty()) events.log("profiled pass: " + recordingNote);
}

}  // namespace

std::vector<Measurement> runProfiledPass(const results::SweepPlan& plan, const families::Family& family,
                                         const std::string& sessionId, SweepEvents& events,
                                         const BenchmarkBatch* batches, profiler::CuptiRecords records,
                                         const InferenceVerdicts& verdicts, std::optional<double> replayGapUs) {
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
    if (results::hasPhase(plan, "infer")) profileInferenceSteps(plan, family, sessionId, events, batches, records, verdicts, trace, rows, replayGapUs);
#if defined(GRAPHLENS_HAVE_TRAINING)
    if (results::hasPhase(plan, "train") && batches) profileTrainingSteps(plan, family, sessionId, events, *batches, records, trace, rows, replayGapUs);
#endif
    if (!plan.trace.empty() && records == profiler::CuptiRecords::Full) {
        trace.writeFile(plan.trace);
        events.log("trace of the profiled steps written to " + plan.trace + " (open it in ui.perfetto.dev)");
    }
    return rows;
}

namespace {

// The in-process calls pass's events: rows kept for merging (as a child's rows are), its log lines and
// warnings passed on marked as the profiled pass's, its progress not (the timed pass's bar is done).
class ProfiledRowsCollector final : public SweepEvents {
public:
    explicit ProfiledRowsCollector(SweepEvents& events) : events_(events) {}
    void progress(int, int, const std::string&, double) override {}
    void measurement(const Measurement& row) override { rows.push_back(row); }
    void log(const std::string& text) override { events_.log("profiled pass: " + text); }
    void warning(const std::string& text) override { events_.warning("profiled pass: " + text); }
    std::vector<Measurement> rows;

private:
    SweepEvents& events_;
};

}  // namespace

std::vector<Measurement> runProfiledPasses(const results::SweepPlan& plan, const families::Family& family,
                                           const std::string& sessionId, SweepEvents& events,
                                           const BenchmarkBatch* batches, const InferenceVerdicts& verdicts,
                                           std::optional<double> replayGapUs) {
    // The process that records what the GPU ran starts first and waits at its start line while the
    // API-calls windows run here (ProfiledChildRun.h): activity tracing, once on, stays on in a
    // process and slows every later step, so those windows get a process of their own.
    const std::string executable = graphlensCliPath();
    const auto tempName = [](const char* what) {
        return std::filesystem::temp_directory_path() /
               ("graphlens-profile-" + std::string(what) + "-" + std::to_string(platform::currentProcessId()));
    };
    const auto planFile = tempName("plan.json");
    const auto verdictsFile = tempName("verdicts.json");
    std::unique_ptr<ProfiledChildRun> full;
    if (std::filesystem::exists(executable)) {
        results::writeFileAtomically(planFile, results::toJson(plan).dump());
        results::writeFileAtomically(verdictsFile, toJson(verdicts).dump());
        // Generous: a profiled step is at most a few times a timed one, plus captures and start-up;
        // twice that, as the limit also covers the wait while the calls windows run.
        const long configurations = static_cast<long>(plan.batches.size()) *
                                    ((results::hasPhase(plan, "infer") ? static_cast<long>(plan.memoryFormats.size()) : 0) +
                                     (results::hasPhase(plan, "train") ? static_cast<long>(plan.graphScopes.size()) : 0));
        full = std::make_unique<ProfiledChildRun>(executable, planFile, verdictsFile, sessionId, tempName("go"),
                                                  std::chrono::seconds(2 * (120 + 30 * configurations)), replayGapUs);
    }

    // API calls alone, here: this process's timed passes are over and nothing is timed in it after
    // them, and API callbacks never switch CUPTI's activity tracing on. A child for this cost a
    // process start, a CUDA context and the dataset again: about 3.5 s of the default question's
    // 24 s on the H200 (2026-12-04).
    events.log("profiled pass (CUPTI), API calls alone, in this process after its timed passes");
    ProfiledRowsCollector calls(events);
    auto callsPlan = plan;
    callsPlan.trace.clear();  // the trace comes from the windows that record what the GPU ran
    try {
        (void)runProfiledPass(callsPlan, family, sessionId, calls, batches, profiler::CuptiRecords::Calls, verdicts);
    } catch (const std::exception& error) {
        events.warning("the profiled pass (API calls alone) failed: " + results::errorCause(error.what()));
    }

    if (!full) {
        events.warning("profiled pass with kernels and copies skipped: " + executable + " not found");
        return calls.rows;
    }
    events.log("profiled pass (CUPTI), with kernels and copies, in its own process");
    auto fullRows = full->finish(events);
    full.reset();
    std::error_code ignored;
    std::filesystem::remove(planFile, ignored);
    std::filesystem::remove(verdictsFile, ignored);
    return results::combineProfiledWindows(calls.rows, fullRows);
}

}  // namespace graphlens::bench
