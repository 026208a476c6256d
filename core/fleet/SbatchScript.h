#pragma once
// The Slurm batch script of a fleet: a job array of one task per shard, each running
// `graphlens-cli shard-run --dir DIR --shard <index>` with the index Slurm gives it. The same script
// runs under any array runner that gives an index: on a Kubernetes Indexed Job the index line reads
// JOB_COMPLETION_INDEX instead of SLURM_ARRAY_TASK_ID, and by hand it is set before running it.
#include <filesystem>
#include <string>

namespace graphlens::fleet {

struct SbatchOptions {
    int shards = 1;
    std::filesystem::path fleetDir;    // absolute: the script runs elsewhere
    std::filesystem::path cli;         // the graphlens-cli the tasks run, absolute
    std::string partition;             // empty: the cluster's default partition
    std::string gres;                  // e.g. "gpu:1"; empty: no generic resources (a CPU sweep)
    std::string time;                  // Slurm's time limit per task, e.g. "00:30:00"; empty: the partition's
    std::string jobName = "graphlens-fleet";
};

// Throws ResultsError when a value cannot be written into a directive (a newline, a quote, an empty
// folder) or the shard count is below 1.
std::string sbatchScript(const SbatchOptions& options);

// A word for a POSIX shell: single-quoted, with any quote in it closed, escaped and reopened.
std::string shellQuoted(const std::string& word);

}  // namespace graphlens::fleet
