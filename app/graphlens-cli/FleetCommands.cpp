#include "FleetCommands.h"

#include "CliErrors.h"
#include "FleetSplit.h"
#include "fleet/FleetDirectory.h"
#include "fleet/FleetMerge.h"
#include "results/AtomicFile.h"
#include "results/MeasurementCsv.h"
#include "results/ResultsError.h"
#include "results/Session.h"

#include <filesystem>
#include <iostream>
#include <set>

namespace graphlens::cli {
namespace fs = std::filesystem;

CLI::App* addPlanSplitCommand(CLI::App& app, PlanSplitArgs& args) {
    auto* command = app.add_subcommand("plan-split", "split a sweep plan into shard plans that cover it exactly once");
    addSplitOptions(*command, args.split);
    command->add_option("--out", args.outDir, "folder for the shard plans (shard-0000.json, ...)")->required();
    return command;
}

CLI::App* addMergeCommand(CLI::App& app, MergeArgs& args) {
    auto* command = app.add_subcommand("merge", "combine sessions of one plan (fleet folders, sessions, autosaves) into one session");
    command->add_option("inputs", args.inputs, "fleet folders, other folders of sessions, session .json or autosave .jsonl files")
        ->required();
    command->add_option("--out", args.out, "the merged session (JSON)")->required();
    command->add_option("--csv", args.csv, "also write the merged rows as CSV");
    return command;
}

int runPlanSplit(const PlanSplitArgs& args) {
    const auto split = splitFromArgs(args.split);
    const fs::path dir = args.outDir;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) throw results::ResultsError(args.outDir + ": not a folder");
    const auto parent = fs::absolute(dir, ec).parent_path();
    if (!fs::is_directory(parent, ec)) {
        throw results::ResultsError(args.outDir + ": folder " + parent.string() + " does not exist");
    }
    fs::create_directories(dir, ec);
    if (ec) throw results::ResultsError(args.outDir + ": cannot create the folder (" + ec.message() + ")");
    for (std::size_t i = 0; i < split.shards.size(); ++i) {
        const auto path = dir / (fleet::shardTag(static_cast<int>(i)) + ".json");
        results::writeFileAtomically(path, results::toJson(split.shards[i]).dump(2) + "\n");
        std::cout << "wrote " << path.string() << " (" << describeShard(split.shards[i]) << ")\n";
    }
    return 0;
}

int runMerge(const MergeArgs& args) {
    std::vector<fs::path> inputs(args.inputs.begin(), args.inputs.end());
    std::error_code ec;
    if (!args.csv.empty() && fs::weakly_canonical(args.csv, ec) == fs::weakly_canonical(args.out, ec)) {
        throw results::ResultsError("--out and --csv both name " + args.csv + ": one would overwrite the other");
    }
    results::checkWritable(args.out);
    if (!args.csv.empty()) results::checkWritable(args.csv);
    const auto result = fleet::mergeResults(inputs);

    results::writeSession(args.out, result.merged);
    if (!args.csv.empty()) results::writeCsv(args.csv, result.merged.rows);
    std::set<std::string> hosts, gpus;
    for (const auto& row : result.merged.rows) {
        hosts.insert(row.host.empty() ? "?" : row.host);
        gpus.insert(row.gpu_uuid.empty() ? "cpu" : row.gpu_uuid);
    }
    std::cout << "merged " << result.sessions << " session(s)";
    if (result.autosaves > 0) std::cout << " and " << result.autosaves << " autosave(s) of unfinished shards";
    std::cout << ": " << result.merged.rows.size() << " rows from " << hosts.size() << " host(s) and " << gpus.size()
              << " device(s)\n";
    int incomplete = 0;
    for (const auto& shard : result.shards) {
        if (shard.state == "complete") continue;
        ++incomplete;
        std::cout << shard.fleetDir.string() << ": " << fleet::shardTag(shard.shard) << " " << shard.state << ": "
                  << shard.detail << "\n";
    }
    std::cout << "wrote " << args.out << "\n";
    if (!args.csv.empty()) std::cout << "wrote " << args.csv << "\n";
    if (incomplete > 0) {
        std::cerr << "graphlens-cli: " << incomplete << " shard(s) incomplete or missing (listed above, and in the merged "
                  << "session's environment); rerun the fleet's sbatch command to run only those\n";
        return kRunFailed;
    }
    return 0;
}

}  // namespace graphlens::cli
