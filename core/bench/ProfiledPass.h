#pragma once
// The profiled pass (DESIGN §2): the same family, batches and arms as the timed sweep, run again
// with CUPTI tracing in a process of its own (`graphlens-cli profile-pass`), because a process in
// which CUPTI was ever enabled times eager steps up to 44% slower. Rows carry pass = "profiled".
// It runs twice, in two processes one after the other: windows that record API calls alone (the host
// figures: step time, launches, launch CPU), then windows that also record what the GPU ran (kernels,
// GPU busy, GPU fractions). CUPTI's activity tracing costs an eager step about twice what the calls
// alone cost, and once switched on it stays in the process, hence a process each.
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "profiler/CuptiActivitySource.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <string>
#include <vector>

namespace graphlens::bench {

// Runs in a profiling process; every window records `records`. Writes plan.trace (Chrome trace JSON)
// when it is set and GPU work is recorded. `family` is the plan's, resolved; a family whose support is
// `none` gets a `refused` graphed row.
std::vector<results::Measurement> runProfiledPass(const results::SweepPlan& plan, const families::Family& family,
                                                  const std::string& sessionId, SweepEvents& events,
                                                  const BenchmarkBatch* batches, profiler::CuptiRecords records);

// Runs in the timing process: starts `<this executable> profile-pass --records calls`, then `--records
// full`, for the plan, forwards their log lines to events and returns their rows combined
// (results::combineProfiledWindows). A failing child is a warning, never a failed sweep.
std::vector<results::Measurement> runProfiledPassInChildProcess(const results::SweepPlan& plan,
                                                                const std::string& sessionId,
                                                                SweepEvents& events);

}  // namespace graphlens::bench
