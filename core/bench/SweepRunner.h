#pragma once
// Inference sweep over memory formats x batch sizes (DESIGN §3). For each batch size:
//  1. the parity check on the very network that is timed (a graphed arm that is not bit-exact is
//     refused, not timed);
//  2. eager warm-up, then eager steady-state VRAM; capture (mode on) or warm-up through the runner
//     (mode auto: the first sightings run eagerly and are counted); graphed steady-state VRAM after
//     the cache is emptied; the eager arm re-warmed (a capture empties the cache);
//  3. timed rounds of alternating arm blocks on the same real batch;
//  4. the phase pass: extra steps with a synchronize at each phase boundary, per-phase medians.
// Out-of-memory at one size marks that size's rows and the sweep continues.
#include "bench/BenchmarkBatch.h"
#include "bench/GraphedArmVerdict.h"
#include "bench/SweepEvents.h"
#include "families/Family.h"
#include "graphs/CaptureBackend.h"
#include "results/JsonlAutosave.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace graphlens::bench {

struct SweepOutcome {
    std::vector<results::Measurement> rows;
    int failedRows = 0;  // status error, oom or refused
    nlohmann::json clocks = nlohmann::json::object();  // SM/memory clocks sampled during the timed pass
    InferenceVerdicts verdicts;  // each pair's graphed-arm verdict, for the profiled passes to take
    std::string deviceLost;      // why the CUDA context is unusable (graphs::DeviceLoss); empty when it is fine
};

// A measured row: kept in the outcome (failed rows counted), autosaved and sent to the events.
void emitRow(const results::Measurement& row, SweepOutcome& outcome, results::JsonlAutosave* autosave,
             SweepEvents& events);

class SweepRunner {
public:
    // `family` is the plan's, resolved (FamilyResolver). autosave may be null; batches null: a
    // synthetic image-like batch. A family whose inference support is `none` gets its graphed rows
    // marked `refused` with the reason: graphs are never attempted against the declaration or check.
    // `backend` replaces CUDA capture (tests: a CPU fake); null: CUDA, graphed arm only on a GPU.
    SweepRunner(families::Family family, results::SweepPlan plan, std::string sessionId, SweepEvents& events,
                results::JsonlAutosave* autosave, const BenchmarkBatch* batches = nullptr,
                std::shared_ptr<graphs::CaptureBackend> backend = nullptr);

    SweepOutcome run();

private:
    families::Family family_;
    results::SweepPlan plan_;
    std::string sessionId_;
    SweepEvents& events_;
    results::JsonlAutosave* autosave_;
    const BenchmarkBatch* batches_;
    std::shared_ptr<graphs::CaptureBackend> backend_;
};

}  // namespace graphlens::bench
