#include "bench/SweepRunner.h"

#include "bench/Environment.h"
#include "bench/InferencePairs.h"
#include "bench/InferenceRow.h"
#include "bench/PairProcedure.h"
#include "bench/ProgressThrottle.h"
#include "bench/SweepRowFigures.h"
#include "bench/TimedPassClocks.h"
#include "families/MemoryFormat.h"
#include "graphs/DeviceLost.h"
#include "graphs/DeviceMemory.h"

#include <torch/cuda.h>

#include <algorithm>

namespace graphlens::bench {

using results::Measurement;

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

namespace {

// The precision a sweep can honour here: fp16 on the CPU says nothing, so it runs fp32 and says so.
std::string honouredPrecision(const std::string& planned, bool cuda, SweepEvents& events) {
    if (cuda) return planned;
    events.warning("no CUDA device: the eager arm runs on the CPU; CUDA graphs need a CUDA device");
    if (planned != "fp16") return planned;
    events.warning("fp16 on the CPU is not representative of anything: running fp32");
    return "fp32";
}

}  // namespace

SweepOutcome SweepRunner::run() {
    const auto& family = family_;
    const bool cuda = torch::cuda::is_available();
    const std::string precision = honouredPrecision(plan_.precision, cuda, events_);
    InferencePairsSetup setup;
    setup.device = cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    setup.dtype = precision == "fp16" ? torch::kHalf : torch::kFloat;
    setup.imgsz = plan_.imgsz > 0 ? plan_.imgsz : family.defaultImgsz;
    setup.graphsPossible = cuda || backend_;
    setup.backend = backend_;
    setup.warn = [this](const std::string& text) { events_.warning(text); };
    if (setup.graphsPossible && !family.inference.capturable()) {
        events_.warning("graph mode '" + plan_.graph + "' refused for " + family.name + ": " + family.inference.reason +
                        "; only the eager arm is timed");
    }
    const std::string deviceLabel = deviceName(cuda);
    graphs::DeviceMemory memory(setup.device);
    torch::NoGradGuard noGrad;
    InferencePairs pairs(family, plan_, setup);
    events_.log(family.name + " on " + deviceLabel + ", " + precision + ", " + std::to_string(setup.imgsz) +
                " px, scope " + plan_.scope + ", " +
                (batches_ ? batches_->description()
                          : "synthetic image-like batch (seed " + std::to_string(plan_.seed) + ")"));

    const auto protocol = pairProtocolOf(plan_, pairs.graphedWarmup());
    const int unitsPerPair = protocol.progressUnits();
    ProgressThrottle progress(events_, static_cast<int>(plan_.batches.size() * plan_.memoryFormats.size()) * unitsPerPair);
    SweepOutcome outcome;
    graphs::DeviceLoss deviceLoss;
    TimedPassClocks clocks;
    int stage = 0;
    for (const auto& formatName : plan_.memoryFormats) {
        pairs.useMemoryFormat(families::memoryFormatOf(formatName));
        for (const int batch : plan_.batches) {
            PairContext context{family.name + " batch " + std::to_string(batch) +
                                    (plan_.memoryFormats.size() > 1 ? " " + formatName : ""),
                                memory, events_, nullptr};
            progress.startStage(stage++ * unitsPerPair, context.label);
            context.advance = [&](const char* what) { progress.advance(context.label + ": " + what); };

            Measurement eager = inferenceRow(sessionId_, family, batch, setup.imgsz, precision, "timed", deviceLabel);
            eager.memory_format = formatName;
            eager.scope = plan_.scope;
            eager.jit = family.jit;
            if (family.inference.kind == families::GraphSupportKind::Seam) eager.seam = family.inference.reason;
            eager.arm = "eager";
            Measurement graphed = eager;
            graphed.arm = "graphed";
            graphed.graph_mode = plan_.graph;
            PairProgress done;
            if (deviceLoss.lost()) {
                markPairNotRun(deviceLoss, eager, graphed);
                emitRow(eager, outcome, autosave_, events_);
                emitRow(graphed, outcome, autosave_, events_);
                continue;
            }
            try {
                const auto pair = pairs.prepare(batch, batches_);
                outcome.verdicts[{formatName, batch}] = pair->verdict;
                pair->verdict.applyTo(graphed);
                measureTimedPair(*pair->step, protocol, context, clocks, eager, graphed, done);
            } catch (const std::exception& error) {
                failTimedPair(error, batch, context, deviceLoss, eager, graphed, done);
            }
            memory.emptyCache();
            emitRow(eager, outcome, autosave_, events_);
            emitRow(graphed, outcome, autosave_, events_);
        }
    }
    outcome.clocks = clocks.summary();
    outcome.deviceLost = deviceLoss.reason();
    progress.finish(family.name + ": done");
    return outcome;
}

}  // namespace graphlens::bench
