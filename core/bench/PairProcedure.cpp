#include "bench/PairProcedure.h"

#include "bench/ExplainedSaving.h"
#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "bench/ProfiledRowFigures.h"
#include "bench/ProfiledSteps.h"
#include "bench/SweepRowFigures.h"
#include "bench/SynchronizedPhaseTimer.h"
#include "graphs/OutOfMemory.h"
#include "results/ErrorText.h"
#include "results/PhaseColumns.h"
#include "results/RoundStatistics.h"

#include <algorithm>

namespace graphlens::bench {

int PairProtocol::progressUnits() const {
    return 3 * warmup + graphedWarmup + warmup + 2 * steps * repeats + 2 * phaseSteps;
}

PairProtocol pairProtocolOf(const results::SweepPlan& plan, int graphedWarmup) {
    PairProtocol protocol;
    protocol.warmup = plan.warmup;
    protocol.graphedWarmup = std::max(plan.warmup, graphedWarmup);
    protocol.steps = plan.steps;
    protocol.repeats = std::max(1, plan.repeats);
    protocol.phaseSteps = std::max(5, plan.steps);
    return protocol;
}

namespace {

void runSteps(TimedStep& step, Arm arm, int count, PairContext& context, const char* what) {
    NvtxPhases nvtx;
    for (int i = 0; i < count; ++i) {
        timeStep(step, arm, nvtx, context.memory);
        context.advance(what);
    }
}

// Steady state: peaks of warm steps only.
void measureSteadyState(TimedStep& step, Arm arm, int count, PairContext& context, results::Measurement& row,
                        const char* what) {
    context.memory.resetPeaks();
    runSteps(step, arm, count, context, what);
    fillPeaks(row, context.memory);
}

void warnIfUnsteady(PairContext& context, const results::RoundSummary& summary, const char* arm) {
    const auto text = results::unsteadyWarning(context.label + " " + arm, summary);
    if (!text.empty()) context.events.warning(text);
}

// The eager arm's phase-pass columns (what fillPhases and the data-alone steps fill), from a row of
// the same eager step.
void copyEagerPhases(const results::Measurement& from, results::Measurement& eager) {
    for (const auto& phase : results::kPhaseColumns) eager.*phase.phaseMs = from.*phase.phaseMs;
    eager.replay_ms = from.replay_ms;
    eager.captured_ms = from.captured_ms;
    eager.captured_share = from.captured_share;
    eager.data_alone_ms = from.data_alone_ms;
}

// The phase pass: the same step, a synchronize at every phase boundary; then the eager arm's data
// phase on its own (TimedStep::runData). The eager half is skipped where `sharedEager` has it.
void measurePhases(TimedStep& step, const PairProtocol& protocol, PairContext& context, results::Measurement& eager,
                   results::Measurement& graphed, const results::Measurement* sharedEager) {
    if (sharedEager) {
        copyEagerPhases(*sharedEager, eager);
    } else {
        SynchronizedPhaseTimer eagerPhases(context.memory);
        for (int i = 0; i < protocol.phaseSteps; ++i, context.advance("phase pass")) step.run(Arm::Eager, eagerPhases);
        fillPhases(eager, eagerPhases);
        SynchronizedPhaseTimer dataAlone(context.memory);
        for (int i = 0; i < protocol.phaseSteps; ++i) step.runData(dataAlone);
        eager.data_alone_ms = dataAlone.medianMs(profiler::kPhaseData);
    }
    if (step.hasGraphedArm()) {
        SynchronizedPhaseTimer graphedPhases(context.memory);
        for (int i = 0; i < protocol.phaseSteps; ++i, context.advance("phase pass")) step.run(Arm::Graphed, graphedPhases);
        fillPhases(graphed, graphedPhases);
    }
    fillNetworkFraction(eager, step.hasGraphedArm() ? &graphed : nullptr);
}

}  // namespace

void warmGraphedArm(TimedStep& step, const PairProtocol& protocol, PairContext& context) {
    step.prepareGraphed();
    runSteps(step, Arm::Graphed, protocol.graphedWarmup, context, "graphed warm-up");
    step.requireReplaying();
}

void failTimedPair(const std::exception& error, int batch, PairContext& context, graphs::DeviceLoss& loss,
                   results::Measurement& eager, results::Measurement& graphed, const PairProgress& progress) {
    context.events.warning(context.label + ": " + markPairFailed(error, batch, eager, progress.eagerDone, graphed,
                                                                 progress.graphedDone));
    if (loss.note(error, context.label)) context.events.warning(loss.reason() + ": the sweep's other pairs are not run");
}

void markPairNotRun(const graphs::DeviceLoss& loss, results::Measurement& eager, results::Measurement& graphed) {
    markFailed(eager, "error", "not run: " + loss.reason());
    if (graphed.status == "ok") markFailed(graphed, "error", "not run: " + loss.reason());
}

bool hasEagerPhases(const results::Measurement& eager) {
    return eager.status == "ok" && eager.arm == "eager" && eager.forward_ms.has_value();
}

void measureTimedPair(TimedStep& step, const PairProtocol& protocol, PairContext& context, TimedPassClocks& clocks,
                      results::Measurement& eager, results::Measurement& graphed, PairProgress& progress,
                      const results::Measurement* sharedEagerPhases) {
    runSteps(step, Arm::Eager, protocol.warmup, context, "eager warm-up");
    measureSteadyState(step, Arm::Eager, protocol.warmup, context, eager, "eager warm-up");
    if (step.hasGraphedArm()) {
        warmGraphedArm(step, protocol, context);
        context.memory.emptyCache();
        measureSteadyState(step, Arm::Graphed, protocol.warmup, context, graphed, "graphed warm-up");
        runSteps(step, Arm::Eager, protocol.warmup, context, "eager re-warm");
    }

    clocks.resume();
    ArmRounds rounds;
    try {
        rounds = timeInterleaved(step, step.hasGraphedArm(), protocol.steps, protocol.repeats, context.memory,
                                 [&] { context.advance("timing"); });
    } catch (...) {
        clocks.pause();
        throw;
    }
    clocks.pause();
    warnIfUnsteady(context, fillTiming(eager, rounds.eager), "eager");
    progress.eagerDone = true;
    if (step.hasGraphedArm()) {
        const auto figures = step.graphedFigures();
        warnIfUnsteady(context, fillTiming(graphed, rounds.graphed), "graphed");
        graphed.replays = figures.replays;
        graphed.graph_pool_mb = figures.poolBytes / (1024.0 * 1024.0);
        graphed.eager_fallbacks = figures.eagerFallbacks;
        fillGraphedComparison(eager, graphed, rounds.eager, rounds.graphed, figures.captureMs);
        progress.graphedDone = true;
    }
    measurePhases(step, protocol, context, eager, graphed,
                  sharedEagerPhases && hasEagerPhases(*sharedEagerPhases) ? sharedEagerPhases : nullptr);
}

void warmPairForProfiling(TimedStep& step, const PairProtocol& protocol, PairContext& context,
                          const SharedEagerWindow* shared) {
    if (!shared || !shared->row) runSteps(step, Arm::Eager, protocol.warmup, context, "eager warm-up");
    if (step.hasGraphedArm()) warmGraphedArm(step, protocol, context);
}

namespace {

results::Measurement profilePairArm(TimedStep& step, Arm arm, const results::Measurement& base, int count,
                                    PairContext& context, profiler::CuptiRecords records,
                                    profiler::ChromeTrace& trace, std::string& recordingNote,
                                    profiler::ProfileResult& window) {
    const char* armName = arm == Arm::Eager ? "eager" : "graphed";
    try {
        auto profiled = profileSteps(step, arm, count, context.memory, context.events, records);
        if (!profiled.recordingNote.empty()) recordingNote = profiled.recordingNote;
        if (arm == Arm::Graphed) (void)step.graphedFigures();  // throws when graphs turned off in the window
        auto row = base;
        row.arm = armName;
        fillFromMetrics(row, profiled.result, profiled.stepsMs, profiled.unprofiledStepsMs);
        trace.add(context.label + " " + armName, profiled.result.batch, profiled.result.phases);
        window = std::move(profiled.result);  // kept for the saved-time attribution of the pair
        return row;
    } catch (const std::exception& error) {
        return failedProfiledRow(base, armName, graphs::isOutOfMemory(error) ? "oom" : "error",
                                 "profiled pass: " + results::errorCause(error.what()));
    }
}

}  // namespace

void profilePair(TimedStep& step, const GraphedArmVerdict& verdict, const results::Measurement& base, int count,
                 PairContext& context, profiler::CuptiRecords records, profiler::ChromeTrace& trace,
                 std::string& recordingNote, std::vector<results::Measurement>& rows,
                 std::optional<double> replayGapUs, SharedEagerWindow* shared) {
    profiler::ProfileResult ownEagerWindow, graphedWindow;
    const profiler::ProfileResult* eagerWindow = &ownEagerWindow;
    if (shared && shared->row) {
        rows.push_back(*shared->row);
        rows.back().scope = base.scope;
        eagerWindow = &shared->window;
    } else {
        rows.push_back(profilePairArm(step, Arm::Eager, base, count, context, records, trace, recordingNote, ownEagerWindow));
        if (shared && rows.back().status == "ok") {
            shared->row = rows.back();
            shared->window = std::move(ownEagerWindow);
            eagerWindow = &shared->window;
        }
    }
    context.events.measurement(rows.back());
    if (step.hasGraphedArm()) {
        rows.push_back(
            profilePairArm(step, Arm::Graphed, base, count, context, records, trace, recordingNote, graphedWindow));
        // Where the saved time went needs the kernels: only the windows that record GPU work.
        if (records == profiler::CuptiRecords::Full && rows.back().status == "ok") {
            for (const auto& note : fillExplainedSaving(rows.back(), *eagerWindow, graphedWindow, replayGapUs)) {
                context.events.log(context.label + ", where the saved time went: " + note);
            }
        }
    } else {
        auto graphed = base;
        graphed.parity = verdict.parity.empty() ? graphed.parity : verdict.parity;
        rows.push_back(failedProfiledRow(graphed, "graphed", verdict.status, verdict.reason));
    }
    context.events.measurement(rows.back());
}

void failProfiledPair(const std::exception& error, const results::Measurement& base, SweepEvents& events,
                      std::vector<results::Measurement>& rows) {
    const auto status = graphs::isOutOfMemory(error) ? "oom" : "error";
    const auto message = "profiled pass: " + results::errorCause(error.what());
    for (const char* arm : {"eager", "graphed"}) {
        rows.push_back(failedProfiledRow(base, arm, status, message));
        events.measurement(rows.back());
    }
}

}  // namespace graphlens::bench
