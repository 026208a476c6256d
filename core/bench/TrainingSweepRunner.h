#pragma once
// Training sweep (DESIGN §3): for each batch size and each training graph scope of the plan, a row
// pair timing the training step (TrainingSweepStep) eager and graphed on the same real batch:
//  1. eager warm-up, then its steady-state VRAM; the graphed arm's warm-up covers the capture on
//     the third sighting (so no capture falls inside a timed step), then its steady-state VRAM; the
//     eager arm re-warmed (a capture empties the cache);
//  2. timed rounds of alternating arm blocks, as the inference sweep times them;
//  3. the phase pass: data, forward, loss, backward, optimizer per arm, and network fraction.
// A scope the family does not declare gets a `refused` graphed row with the reason; a graph turned
// off mid-pass (capture or replay failure) makes the graphed row an `error`, never eager figures
// passed off as graphed. Out of memory at one batch size marks its rows and the sweep goes on.
#include "bench/BenchmarkBatch.h"
#include "bench/SweepEvents.h"
#include "bench/SweepRunner.h"
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "results/JsonlAutosave.h"
#include "results/SweepPlan.h"

#include <memory>
#include <string>

namespace graphlens::bench {

class TrainingSweepRunner {
public:
    // `family` is the plan's, resolved. autosave may be null. `backend` replaces CUDA capture
    // (tests: a CPU fake); null: CUDA, graphed arm only on a GPU.
    TrainingSweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId, SweepEvents& events,
                        results::JsonlAutosave* autosave, const BenchmarkBatch& batches,
                        std::shared_ptr<graphs::CaptureBackend> backend = nullptr);

    SweepOutcome run();

private:
    families::Family family_;
    results::SweepPlan plan_;
    std::string sessionId_;
    SweepEvents& events_;
    results::JsonlAutosave* autosave_;
    const BenchmarkBatch& batches_;
    std::shared_ptr<graphs::CaptureBackend> backend_;
};

}  // namespace graphlens::bench
