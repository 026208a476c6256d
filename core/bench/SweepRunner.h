#pragma once
// Inference sweep over batch sizes: for each size, eager and graphed arms are warmed up, then timed
// interleaved in blocks (eager, graphed, graphed, eager) on the same batch so drift hits both arms.
// Out-of-memory at one size marks that size's rows and the sweep continues.
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "results/JsonlAutosave.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <atomic>
#include <string>
#include <vector>

namespace graphlens::bench {

struct SweepOutcome {
    std::vector<results::Measurement> rows;
    int failedRows = 0;  // status error, oom or refused
};

class SweepRunner {
public:
    // `family` is the plan's, resolved (FamilyResolver). autosave may be null; batches null: a
    // synthetic image-like batch. A family whose inference support is `none` gets its graphed rows
    // marked `refused` with the reason: graphs are never attempted against the declaration or check.
    SweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId, SweepEvents& events,
                results::JsonlAutosave* autosave, const BenchmarkBatch* batches = nullptr);

    SweepOutcome run();

private:
    families::Family family_;
    results::SweepPlan plan_;
    std::string sessionId_;
    SweepEvents& events_;
    results::JsonlAutosave* autosave_;
    const BenchmarkBatch* batches_;
};

}  // namespace graphlens::bench
