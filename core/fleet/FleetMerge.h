#pragma once
// `merge`: sessions of one plan, measured on many hosts and GPUs, combined into one session. Rows keep
// their own host and GPU (columns) and session (session_id, whose environment the merged session keeps
// under "merged"/"sources"); a fleet folder's shards are accounted for: complete (a session),
// incomplete (only an autosave: its rows are merged) or missing (nothing). Overlapping rows, sessions
// of another plan or of another GraphLens version are refused (ResultsError naming the files).
#include "results/Session.h"

#include <filesystem>
#include <string>
#include <vector>

namespace graphlens::fleet {

struct ShardReport {
    std::filesystem::path fleetDir;
    int shard = 0;
    std::string state;   // complete, incomplete or missing
    std::string detail;  // the file it came from, or why there is none
};

struct FleetMergeResult {
    results::Session merged;
    std::vector<ShardReport> shards;  // every shard of every fleet folder given, in order
    int sessions = 0;                 // session files merged
    int autosaves = 0;                // autosaves merged in place of a session
    bool complete() const;            // no shard incomplete or missing
};

// inputs: fleet folders (with fleet.json), other folders (their *.json sessions and *.autosave.jsonl
// autosaves without a session), session files and autosave files.
FleetMergeResult mergeResults(const std::vector<std::filesystem::path>& inputs);

}  // namespace graphlens::fleet
