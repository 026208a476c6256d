#include "fleet/SbatchScript.h"

#include "results/ResultsError.h"

namespace graphlens::fleet {
namespace {

// An #SBATCH directive holds one line and is not parsed by a shell: no newline, no quote to escape.
std::string directiveValue(const std::string& option, const std::string& value) {
    if (value.find_first_of("\n\r\"") != std::string::npos) {
        throw results::ResultsError(option + " '" + value + "': a Slurm directive cannot hold a newline or a '\"'");
    }
    return value;
}

}  // namespace

std::string shellQuoted(const std::string& word) {
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string sbatchScript(const SbatchOptions& options) {
    if (options.shards < 1) throw results::ResultsError("--shards " + std::to_string(options.shards) + ": expected 1 or more");
    if (options.fleetDir.empty()) throw results::ResultsError("--out: a fleet needs a folder");
    const std::string dir = directiveValue("--out", options.fleetDir.string());
    std::string script = "#!/bin/bash\n";
    script += "# GraphLens fleet sweep, written by graphlens-cli sbatch: one array task per shard of the plan in\n";
    script += "# " + dir + "/fleet.json. Each task runs its shard and writes its session and autosave there;\n";
    script += "# `graphlens-cli merge " + dir + " --out merged.json` combines them.\n";
    script += "#SBATCH --job-name=" + directiveValue("--job-name", options.jobName) + "\n";
    script += "#SBATCH --array=0-" + std::to_string(options.shards - 1) + "\n";
    script += "#SBATCH --ntasks=1\n";
    script += "#SBATCH --output=\"" + dir + "/logs/shard-%a.log\"\n";
    script += "#SBATCH --open-mode=append\n";
    if (!options.partition.empty()) script += "#SBATCH --partition=" + directiveValue("--partition", options.partition) + "\n";
    if (!options.gres.empty()) script += "#SBATCH --gres=" + directiveValue("--gres", options.gres) + "\n";
    if (!options.time.empty()) script += "#SBATCH --time=" + directiveValue("--time", options.time) + "\n";
    script += "set -eu\n";
    script += "# The shard this task runs. Kubernetes Indexed Job: index=\"${JOB_COMPLETION_INDEX}\"\n";
    script += "index=\"${SLURM_ARRAY_TASK_ID:?not started as an array task: set SLURM_ARRAY_TASK_ID to the shard}\"\n";
    script += "exec " + shellQuoted(options.cli.string()) + " shard-run --dir " + shellQuoted(dir) + " --shard \"$index\"\n";
    return script;
}

}  // namespace graphlens::fleet
