#pragma once
// What `merge` refuses before it writes anything: sessions of another GraphLens version or another
// plan, and rows that overlap (one ResultsError line naming both files).
#include "results/Session.h"

#include <filesystem>
#include <optional>
#include <vector>

namespace graphlens::fleet {

// One file merge reads: a session, or an autosave (rows only; its plan from its fleet's manifest).
struct MergeSource {
    std::filesystem::path path;
    bool autosave = false;
    std::optional<int> shard;   // its shard in a fleet folder
    results::Session session;
};

// Another GraphLens version (the environment's "graphlens", else the rows'), or a plan whose key
// (fleet/FleetManifest.h planKey) differs from the first source's.
void refuseForeignSources(const std::vector<MergeSource>& sources);

// A row whose point, arm, pass, host and GPU another source already holds.
void refuseOverlaps(const std::vector<MergeSource>& sources);

}  // namespace graphlens::fleet
