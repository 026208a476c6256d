// `sbatch` and `shard-run`: a fleet folder and the Slurm job array that runs it, and what each of its
// tasks runs (declared in FleetCommands.h).
#include "FleetCommands.h"

#include "CliErrors.h"
#include "FleetSplit.h"
#include "bench/ConsoleSweepEvents.h"
#include "bench/Environment.h"
#include "bench/SweepSession.h"
#include "fleet/FleetDirectory.h"
#include "fleet/FleetManifest.h"
#include "fleet/SbatchScript.h"
#include "platform/ChildProcess.h"
#include "platform/SystemNames.h"
#include "results/AtomicFile.h"
#include "results/ResultsError.h"
#include "results/Session.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace graphlens::cli {
namespace fs = std::filesystem;

namespace {

// A program on PATH, as a shell would find it; empty when there is none.
fs::path findSbatchOnPath(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string list = path ? path : "";
    std::size_t begin = 0;
    while (begin <= list.size()) {
        const auto end = std::min(list.find(':', begin), list.size());
        const fs::path candidate = fs::path(list.substr(begin, end - begin).empty() ? "." : list.substr(begin, end - begin)) / name;
        std::error_code ec;
        const auto status = fs::status(candidate, ec);
        if (!ec && fs::is_regular_file(status) && (status.permissions() & fs::perms::owner_exec) != fs::perms::none) {
            return candidate;
        }
        begin = end + 1;
    }
    return {};
}

void writeFleetFolder(const fs::path& dir, const fleet::FleetManifest& manifest, const std::string& script, bool fresh) {
    std::error_code ec;
    for (const auto& folder : {dir, dir / "plans", dir / "logs"}) {
        fs::create_directories(folder, ec);
        if (ec) throw results::ResultsError(folder.string() + ": cannot create the folder (" + ec.message() + ")");
    }
    if (fresh) {
        for (std::size_t i = 0; i < manifest.shards.size(); ++i) {
            results::writeFileAtomically(fleet::shardPlanPath(dir, static_cast<int>(i)),
                                         results::toJson(manifest.shards[i]).dump(2) + "\n");
        }
        // Last: a folder with fleet.json is a fleet whose every plan is written.
        results::writeFileAtomically(fleet::manifestPath(dir), fleet::toJson(manifest).dump(2) + "\n");
    }
    const auto scriptPath = dir / "graphlens-fleet.sbatch";
    results::writeFileAtomically(scriptPath, script);
    fs::permissions(scriptPath, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);
}

}  // namespace

CLI::App* addSbatchCommand(CLI::App& app, SbatchArgs& args) {
    auto* command = app.add_subcommand("sbatch", "split a plan into a fleet folder and submit it as a Slurm job array");
    addSplitOptions(*command, args.split);
    command->add_option("--out", args.outDir, "the fleet folder: plans, script, logs, and each shard's session")->required();
    command->add_option("--partition", args.partition, "Slurm partition (default: the cluster's)");
    command->add_option("--gres", args.gres, "generic resources per task, e.g. gpu:1 (leave out for a CPU sweep)");
    command->add_option("--time", args.time, "time limit per task, e.g. 00:30:00");
    command->add_flag("--dry-run", args.dryRun, "write the fleet folder and print the script, submit nothing");
    return command;
}

CLI::App* addShardRunCommand(CLI::App& app, ShardRunArgs& args) {
    auto* command = app.add_subcommand("shard-run", "run one shard of a fleet folder (what each array task runs)");
    command->add_option("--dir", args.dir, "the fleet folder `sbatch` wrote")->required();
    command->add_option("--shard", args.shard, "the shard's index (SLURM_ARRAY_TASK_ID)")->required();
    return command;
}

int runSbatch(const SbatchArgs& args) {
    const auto split = splitFromArgs(args.split);
    fleet::FleetManifest manifest{split.plan, split.how, split.shards};
    const int shardCount = static_cast<int>(manifest.shards.size());
    std::error_code ec;
    const fs::path dir = fs::absolute(args.outDir, ec).lexically_normal();
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) throw results::ResultsError(args.outDir + ": not a folder");
    if (!fs::is_directory(dir.parent_path(), ec)) {
        throw results::ResultsError(args.outDir + ": folder " + dir.parent_path().string() + " does not exist");
    }
    // A folder that already holds this fleet is a resubmission: only its unfinished shards run again.
    const bool fresh = !fs::exists(fleet::manifestPath(dir), ec);
    if (!fresh && !fleet::sameFleet(fleet::readFleetManifest(fleet::manifestPath(dir)), manifest)) {
        throw results::ResultsError(fleet::manifestPath(dir).string() +
                                    ": this folder holds a fleet of another plan or split; give --out a new folder");
    }
    const auto todo = fresh ? std::vector<int>{} : fleet::incompleteShards(dir, shardCount);
    if (!fresh && todo.empty()) {
        std::cout << "all " << shardCount << " shards in " << dir.string() << " are complete: nothing to submit\n";
        return 0;
    }
    const auto sbatch = findSbatchOnPath("sbatch");
    if (!args.dryRun && sbatch.empty()) {
        throw results::ResultsError("sbatch is not on PATH (is this a Slurm login node?); --dry-run writes the fleet "
                                    "folder and prints the script without submitting");
    }
    auto cli = platform::currentExecutablePath();
    if (!cli) throw results::ResultsError("cannot tell where this graphlens-cli is, which the array tasks run");
    // In a movable bundle (bin/graphlens-cli beside run.sh) the tasks run its wrapper, which finds
    // the bundle's libraries and the machine's torch.
    const auto bundle = cli->parent_path().parent_path();
    if (cli->parent_path().filename() == "bin" && fs::exists(bundle / "run.sh", ec) && fs::exists(bundle / "graphlens-cli", ec)) {
        cli = bundle / "graphlens-cli";
    }

    fleet::SbatchOptions options;
    options.shards = shardCount;
    options.fleetDir = dir;
    options.cli = *cli;
    options.partition = args.partition;
    options.gres = args.gres;
    options.time = args.time;
    const auto script = fleet::sbatchScript(options);
    writeFleetFolder(dir, manifest, script, fresh);
    const auto scriptPath = dir / "graphlens-fleet.sbatch";
    std::vector<std::string> command{sbatch.empty() ? std::string("sbatch") : sbatch.string(), "--parsable"};
    if (!fresh) command.push_back("--array=" + fleet::arrayIndexList(todo));
    command.push_back(scriptPath.string());

    if (args.dryRun) {
        std::cout << script;
        std::cerr << "wrote " << dir.string() << " (" << split.how << "); not submitted:";
        for (const auto& word : command) std::cerr << " " << word;
        std::cerr << "\n";
        return 0;
    }
    std::string jobId;
    const auto result = platform::runChildProcess(command, std::chrono::minutes(2),
                                                  [&](const std::string& line) { if (jobId.empty()) jobId = line; });
    if (!result.started || result.exitCode != 0) {
        std::cerr << "graphlens-cli: sbatch failed" << (result.failure.empty() ? "" : ": " + result.failure)
                  << " (the fleet folder " << dir.string() << " is written; submit again with the same command)\n";
        return kRunFailed;
    }
    std::cout << "submitted job " << jobId << ": " << (fresh ? shardCount : static_cast<int>(todo.size())) << " of "
              << shardCount << " shards (array " << (fresh ? "0-" + std::to_string(shardCount - 1) : fleet::arrayIndexList(todo))
              << ") into " << dir.string() << "\n";
    std::cout << "when it has run: graphlens-cli merge " << dir.string() << " --out merged.json\n";
    return 0;
}

int runShardRun(const ShardRunArgs& args) {
    const fs::path dir = args.dir;
    std::error_code ec;
    if (!fs::exists(fleet::manifestPath(dir), ec)) {
        throw results::ResultsError(args.dir + ": not a fleet folder (no fleet.json; graphlens-cli sbatch writes one)");
    }
    const auto manifest = fleet::readFleetManifest(fleet::manifestPath(dir));
    const int shardCount = static_cast<int>(manifest.shards.size());
    if (args.shard < 0 || args.shard >= shardCount) {
        throw results::ResultsError("--shard " + std::to_string(args.shard) + ": " + fleet::manifestPath(dir).string() +
                                    " has shards 0.." + std::to_string(shardCount - 1));
    }
    for (const auto& file : fleet::shardFiles(dir)) {
        if (file.shard == args.shard && file.kind == fleet::ShardFileKind::Session) {
            std::cout << fleet::shardTag(args.shard) << " is complete (" << file.path.string() << "): nothing to run\n";
            return 0;
        }
    }
    auto plan = manifest.shards[static_cast<std::size_t>(args.shard)];
    const auto stem = dir / fleet::sessionStem(platform::hostName(), bench::currentGpuUuid(), args.shard);
    plan.json = stem.string() + ".json";
    plan.autosave = stem.string() + ".autosave.jsonl";
    if (fs::exists(plan.autosave, ec)) {
        // A killed attempt of this shard on this machine: its rows stay on disk, out of the merge, which
        // takes this attempt's.
        const auto kept = stem.string() + ".interrupted-" + results::newSessionId() + ".jsonl";
        fs::rename(plan.autosave, kept, ec);
        std::cerr << "an earlier attempt's autosave kept as " << kept << "\n";
    }
    bench::ConsoleSweepEvents events(std::cerr);
    const auto result = bench::runSweepSession(plan, events);
    // Immutable: a finished shard's session is never rewritten (a rerun skips the shard).
    fs::permissions(plan.json, fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                    fs::perm_options::remove, ec);
    for (const auto& path : result.outputs) std::cout << "wrote " << path << "\n";
    return result.exitCode;
}

}  // namespace graphlens::cli
