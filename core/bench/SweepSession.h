#pragma once
// One sweep from plan to files, shared by `graphlens-cli sweep` and `graphlens-cli worker`:
// check the plan and every output path before any GPU work, autosave each row as it is measured,
// then write the CSV/JSON exports atomically.
#include "bench/SweepEvents.h"
#include "bench/UsageError.h"
#include "results/Measurement.h"
#include "results/SweepPlan.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace graphlens::bench {

struct SweepSessionResult {
    int exitCode = 0;  // 0 all rows ok or skipped, 1 some row failed (oom/error)
    int rows = 0;
    std::vector<std::string> outputs;  // files written, autosave first
    // The session's environment: the fingerprint plus the clocks sampled while timing, which the
    // worker's hello cannot carry (the GUI's About This Run shows them).
    nlohmann::json environment = nlohmann::json::object();
    std::vector<results::Measurement> measured;  // the session's rows as written (predictions included)
};

// Throws UsageError for an invalid plan, an unknown family or an unwritable output path.
void checkSweepPlan(const results::SweepPlan& plan);

SweepSessionResult runSweepSession(results::SweepPlan plan, SweepEvents& events);

// Where rows are autosaved when the plan names no file: beside the CSV/JSON export, else in
// $XDG_DATA_HOME/graphlens/sessions (~/.local/share/graphlens/sessions).
std::string defaultAutosavePath(const results::SweepPlan& plan, const std::string& sessionId);

}  // namespace graphlens::bench
