#pragma once
// The one measurement procedure of an eager/graphed row pair (DESIGN §3), for inference and
// training steps alike; InferenceStep and TrainingSweepStep answer what differs (TimedStep.h).
//
// Timed pass (measureTimedPair):
//  1. eager warm-up, then its steady-state VRAM (peaks of warm steps only);
//  2. the graphed arm: prepared (mode on captures here), warmed up over its capture, required to
//     replay; its steady-state VRAM after the cache is emptied (the side-stream warm-up's cached
//     blocks are not what a replaying process holds); the eager arm re-warmed (a capture empties
//     the cache, and no timed eager step may pay for cudaMalloc);
//  3. timed rounds of alternating arm blocks (InterleavedTiming.h), the unsteadiness warnings, and
//     the graphed arm's figures (a graph turned off on the way fails the row, never passes eager
//     steps off as graphed);
//  4. the phase pass: more steps with a synchronize at every phase boundary, per-phase medians and
//     the network fraction. A pair whose eager step was already phase-timed in another pair (a
//     training batch's second graph scope: the eager arm is the same step whatever the scope) takes
//     that pair's eager phases instead of timing them again; its timed rounds are its own, as the
//     drift they cancel is its graphed arm's.
// Profiled pass (warmPairForProfiling, profilePair): the same warm-ups, so no capture falls inside
// a CUPTI window, then each arm under a window of its own (ProfiledSteps.h); an eager window already
// recorded for the same eager step (SharedEagerWindow) is reused, not recorded again.
#include "bench/GraphedArmVerdict.h"
#include "bench/SweepEvents.h"
#include "bench/TimedPassClocks.h"
#include "bench/TimedStep.h"
#include "graphs/DeviceLost.h"
#include "graphs/DeviceMemory.h"
#include "profiler/ChromeTrace.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/ProfileSession.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

struct PairProtocol {
    int warmup = 0;         // eager warm-up steps (twice: cold, then for peaks); graphed steady-state steps
    int graphedWarmup = 0;  // graphed warm-up steps: they cover a capture made on a sighting
    int steps = 0;          // timed steps per arm per round
    int repeats = 1;        // rounds
    int phaseSteps = 5;     // phase-pass steps per arm

    // Progress units of one pair with both arms: every step the timed pass runs.
    int progressUnits() const;
};

// The plan's warm-up, steps and repeats; `graphedWarmup` is the step kind's.
PairProtocol pairProtocolOf(const results::SweepPlan& plan, int graphedWarmup);

// How far a pair got: a failure after an arm's timing leaves that arm's figures standing.
struct PairProgress {
    bool eagerDone = false;
    bool graphedDone = false;
};

// Where the procedure reports: `label` names the pair in warnings ("resnet18 batch 8").
struct PairContext {
    std::string label;
    graphs::DeviceMemory& memory;
    SweepEvents& events;
    std::function<void(const char*)> advance;  // one progress unit, with what it was; always set
};

// The timed pass of one pair, filling `eager` and `graphed` (the graphed arm only when the step has
// one). Throws what a step throws; `progress` says which rows were finished before it did.
// `sharedEagerPhases`: an ok eager row of another pair with the same eager step, whose phase-pass
// columns (phases, data alone) are copied into `eager` instead of running its phase pass again.
void measureTimedPair(TimedStep& step, const PairProtocol& protocol, PairContext& context, TimedPassClocks& clocks,
                      results::Measurement& eager, results::Measurement& graphed, PairProgress& progress,
                      const results::Measurement* sharedEagerPhases = nullptr);

// True when `eager` is an ok row whose phase pass ran: what measureTimedPair may share.
bool hasEagerPhases(const results::Measurement& eager);

// The graphed warm-up shared by both passes: prepared, `protocol.graphedWarmup` steps, required to replay.
void warmGraphedArm(TimedStep& step, const PairProtocol& protocol, PairContext& context);

// A timed pair that threw: its unfinished rows marked (markPairFailed), one warning naming the pair,
// and a sticky CUDA error noted in `loss`, after which the sweep runs no more pairs.
void failTimedPair(const std::exception& error, int batch, PairContext& context, graphs::DeviceLoss& loss,
                   results::Measurement& eager, results::Measurement& graphed, const PairProgress& progress);
// A pair the sweep does not run because the device was lost: both rows `error`, "not run: <why>"; a
// graphed row already refused or skipped keeps its own reason.
void markPairNotRun(const graphs::DeviceLoss& loss, results::Measurement& eager, results::Measurement& graphed);

// The eager arm's profiled row and window of one batch, kept by a pass whose pairs at that batch
// share one eager step (training's graph scopes): the first pair records it, the others reuse it
// (their rows differ only in the scope column) and line their graphed window up against it.
struct SharedEagerWindow {
    std::optional<results::Measurement> row;  // set once an eager window was recorded ok
    profiler::ProfileResult window;
};

// Before the profiled pass's windows: the eager warm-up (not when `shared` already holds the eager
// window: the eager arm is then not profiled again) and, when the step has a graphed arm, its
// warm-up over the capture. Throws what a step throws.
void warmPairForProfiling(TimedStep& step, const PairProtocol& protocol, PairContext& context,
                          const SharedEagerWindow* shared = nullptr);

// Both arms' profiled rows from `base`, appended to `rows` and sent to the events: each arm's `count`
// steps under a CUPTI window of their own recording `records`, added to `trace` as "<label> <arm>";
// a graphed arm the verdict did not let run gets its row with the verdict's status and reason. A
// failure in one arm (out of memory, graphs turned off) gives that row a status and message; it
// never throws. `recordingNote` gets what the CUPTI source says about how it records. Windows that
// record GPU work (CuptiRecords::Full) also fill the graphed row's explain_* columns and
// kernel_alignment (ExplainedSaving.h); `replayGapUs` is the device's calibrated GPU gap per replayed
// kernel, absent until calibrated (no replay gap is then subtracted, and the log says so).
// With `shared`: an eager window it holds is reused (the row copied with `base`'s scope, nothing added
// to the trace); otherwise the eager arm's window, when ok, is stored there for the next pair.
void profilePair(TimedStep& step, const GraphedArmVerdict& verdict, const results::Measurement& base, int count,
                 PairContext& context, profiler::CuptiRecords records, profiler::ChromeTrace& trace,
                 std::string& recordingNote, std::vector<results::Measurement>& rows,
                 std::optional<double> replayGapUs = std::nullopt, SharedEagerWindow* shared = nullptr);

// A pair whose set-up failed in the profiled pass: both rows `oom` or `error` with the cause.
void failProfiledPair(const std::exception& error, const results::Measurement& base, SweepEvents& events,
                      std::vector<results::Measurement>& rows);

}  // namespace graphlens::bench
