#pragma once
// The profiled pass (DESIGN §2): the same family, batches and arms as the timed sweep, run again
// with CUPTI tracing after the timed passes, never inside them: a process in which CUPTI was ever
// enabled times eager steps up to 44% slower. Rows carry pass = "profiled". It runs twice, one after
// the other: windows that record API calls alone (the host figures: step time, launches, launch CPU),
// in the timing process once its timing is over; then windows that also record what the GPU ran
// (kernels, GPU busy, GPU fractions) in a process of their own (`graphlens-cli profile-pass`, started
// before the first windows and held at a start line until they end: ProfiledChildRun.h):
// CUPTI's activity tracing costs an eager step about twice what the calls alone cost, and once
// switched on it stays in the process.
#include "bench/BenchmarkBatch.h"
#include "bench/GraphedArmVerdict.h"
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "profiler/CuptiActivitySource.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

// Runs in a profiling process; every window records `records`. Writes plan.trace (Chrome trace JSON)
// when it is set and GPU work is recorded. `family` is the plan's, resolved; a family whose support is
// `none` gets a `refused` graphed row. An inference pair takes its verdict from `verdicts` (the timed
// pass's) where it has one, and decides it as the timed pass does where not. `replayGapUs`: the device's
// replay gap per kernel (advisor::ReplayCalibration), subtracted where the saved time is explained.
std::vector<results::Measurement> runProfiledPass(const results::SweepPlan& plan, const families::Family& family,
                                                  const std::string& sessionId, SweepEvents& events,
                                                  const BenchmarkBatch* batches, profiler::CuptiRecords records,
                                                  const InferenceVerdicts& verdicts = {},
                                                  std::optional<double> replayGapUs = std::nullopt);

// Runs in the timing process once its timed passes are over: the windows that record API calls
// alone run here (runProfiledPass, CuptiRecords::Calls: nothing is timed in this process after them,
// and API callbacks never switch activity tracing on), then `<this executable> profile-pass --records
// full` for the windows that also record what the GPU ran, in a process of its own. Their log lines go
// to events; the rows come back combined (results::combineProfiledWindows). A failing pass is a
// warning, never a failed sweep.
std::vector<results::Measurement> runProfiledPasses(const results::SweepPlan& plan, const families::Family& family,
                                                    const std::string& sessionId, SweepEvents& events,
                                                    const BenchmarkBatch* batches, const InferenceVerdicts& verdicts,
                                                    std::optional<double> replayGapUs = std::nullopt);

}  // namespace graphlens::bench
