#pragma once
// Inference sweep over batch sizes: for each size, eager and graphed arms are warmed up, then timed
// interleaved in blocks (eager, graphed, graphed, eager) on the same batch so drift hits both arms.
// Out-of-memory at one size marks that size's rows and the sweep continues.
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "results/JsonlAutosave.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <atomic>
#include <string>
#include <vector>

namespace graphlens::bench {

struct SweepOutcome {
    std::vector<results::Measurement> rows;
    int failedRows = 0;  // status error or oom
};

class SweepRunner {
public:
    // autosave may be null; batches null: a synthetic image-like batch. Throws
    // std::invalid_argument for an unknown family.
    SweepRunner(results::SweepPlan plan, std::string sessionId, SweepEvents& events,
                results::JsonlAutosave* autosave, const BenchmarkBatch* batches = nullptr);

    SweepOutcome run();

private:
    results::SweepPlan plan_;
    std::string sessionId_;
    SweepEvents& events_;
    results::JsonlAutosave* autosave_;
    const BenchmarkBatch* batches_;
};

}  // namespace graphlens::bench
