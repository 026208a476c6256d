#pragma once
// The profiled pass (DESIGN §2): the same family, batches and arms as the timed sweep, run again
// with CUPTI tracing in a process of its own (`graphlens-cli profile-pass`), because a process in
// which CUPTI was ever enabled times eager steps up to 44% slower. Rows carry pass = "profiled".
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <string>
#include <vector>

namespace graphlens::bench {

// Runs in the profiling process. Writes plan.trace (Chrome trace JSON) when it is set.
// `family` is the plan's, resolved; a family whose support is `none` gets a `refused` graphed row.
std::vector<results::Measurement> runProfiledPass(const results::SweepPlan& plan, const families::Family& family,
                                                  const std::string& sessionId, SweepEvents& events,
                                                  const BenchmarkBatch* batches);

// Runs in the timing process: starts `<this executable> profile-pass` for the plan, forwards its log
// lines to events and returns its rows. A failing child is a warning, never a failed sweep.
std::vector<results::Measurement> runProfiledPassInChildProcess(const results::SweepPlan& plan,
                                                                const std::string& sessionId,
                                                                SweepEvents& events);

}  // namespace graphlens::bench
