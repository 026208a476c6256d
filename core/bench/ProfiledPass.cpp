#include "bench/ProfiledPass.h"

#include "bench/CliExecutable.h"
#include "bench/Environment.h"
#include "bench/InferencePairs.h"
#include "bench/InferenceRow.h"
#include "bench/PairProcedure.h"
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
#include "platform/ChildProcess.h"
#include "platform/ProcessIds.h"
#include "results/WorkerProtocol.h"

#include <torch/cuda.h>

#include <chrono>
#include <filesystem>

namespace graphlens::bench {
namespace {

using results::Measurement;

// The inference pairs of the plan, as the timed pass builds them (InferencePairs: the same network,
// parity verdict and graph mode), warmed up as it warms them, then each arm under its own window.
void profileInferenceSteps(const results::SweepPlan& plan, const families::Family& family, const std::string& sessionId,
                           SweepEvents& events, const BenchmarkBatch* batches, profiler::CuptiRecords records,
                           profiler::ChromeTrace& trace, std::vector<Measurement>& rows) {
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
            PairContext context{family.name + " batch " + std::to_string(batch) + " " + formatName, memory, events,
                                [](const char*) {}};
            try {
                const auto pair = pairs.prepare(batch, batches);
                warmPairForProfiling(*pair->step, protocol, context);
                profilePair(*pair->step, pair->verdict, base, plan.profileSteps, context, records, trace,
                            recordingNote, rows);
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
                                           const BenchmarkBatch* batches) {
    // API calls alone, here: this process's timed passes are over and nothing is timed in it after
    // them, and API callbacks never switch CUPTI's activity tracing on. A child for this cost a
    // process start, a CUDA context and the dataset again: about 3.5 s of the default question's
    // 24 s on the H200 (2026-12-04).
    events.log("profiled pass (CUPTI), API calls alone, in this process after its timed passes");
    ProfiledRowsCollector calls(events);
    auto callsPlan = plan;
    callsPlan.trace.clear();  // the trace comes from the windows that record what the GPU ran
    try {
        (void)runProfiledPass(callsPlan, family, sessionId, calls, batches, profiler::CuptiRecords::Calls);
    } catch (const std::exception& error) {
        events.warning("the profiled pass (API calls alone) failed: " + results::errorCause(error.what()));
    }

    const std::string executable = graphlensCliPath();
    if (!std::filesystem::exists(executable)) {
        events.warning("profiled pass with kernels and copies skipped: " + executable + " not found");
        return calls.rows;
    }
    const auto planFile = std::filesystem::temp_directory_path() /
                          ("graphlens-profile-plan-" + std::to_string(platform::currentProcessId()) + ".json");
    results::writeFileAtomically(planFile, results::toJson(plan).dump());
    // Generous: a profiled step is at most a few times a timed one, plus captures and start-up.
    const long configurations = static_cast<long>(plan.batches.size()) *
                                ((results::hasPhase(plan, "infer") ? static_cast<long>(plan.memoryFormats.size()) : 0) +
                                 (results::hasPhase(plan, "train") ? static_cast<long>(plan.graphScopes.size()) : 0));
    const auto limit = std::chrono::seconds(120 + 30 * configurations);
    // Activity tracing, once on, stays on in a process and slows every later step: a process of its own.
    events.log("profiled pass (CUPTI), with kernels and copies, in its own process");
    const auto full = runProfiledChild(executable, planFile, sessionId, "full", limit, events);
    std::error_code ignored;
    std::filesystem::remove(planFile, ignored);
    return results::combineProfiledWindows(calls.rows, full);
}

}  // namespace graphlens::bench
