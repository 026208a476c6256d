// graphlens-cli: list, env, sweep, advise, verify, plan, replay-mix, plan-split, sbatch, shard-run, merge, train,
// calibrate, worker. Argument parsing only; the work lives in core/.
// Exit codes: 0 success, 1 a run failed (the message says why), 2 bad arguments or input.
// Each subcommand's options and runner live in a file of their own; main wires them and reports errors.
#include "AdviseCommand.h"
#include "CalibrateCommand.h"
#include "CliErrors.h"
#include "FleetCommands.h"
#include "InfoCommands.h"
#include "PlanCommand.h"
#include "ReplayMixCommand.h"
#include "ProtocolCommands.h"
#include "SweepCommand.h"
#include "VerifyCommand.h"
#include "bench/UsageError.h"
#include "graphlens/config.h"
#include "results/ResultsError.h"

#if GRAPHLENS_HAVE_DATASETS
#include "TrainCommands.h"
#endif

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>

namespace cli = graphlens::cli;

int main(int argc, char** argv) {
    CLI::App app{"GraphLens: what CUDA graphs buy for vision models, and why", "graphlens-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", GRAPHLENS_VERSION);

    // Added in this order because --help lists the subcommands in it.
    cli::ListArgs listArgs;
    auto* list = cli::addListCommand(app, listArgs);
    cli::EnvArgs envArgs;
    auto* env = cli::addEnvCommand(app, envArgs);
    cli::SweepArgs sweepArgs;
    cli::addSweepCommand(app, sweepArgs);
    cli::AdviseArgs adviseArgs;
    auto* advise = cli::addAdviseCommand(app, adviseArgs);
    cli::VerifyArgs verifyArgs;
    auto* verify = cli::addVerifyCommand(app, verifyArgs);
    cli::PlanArgs planArgs;
    auto* plan = cli::addPlanCommand(app, planArgs);
    cli::ReplayMixArgs replayMixArgs;
    auto* replayMix = cli::addReplayMixCommand(app, replayMixArgs);
#if GRAPHLENS_HAVE_DATASETS
    cli::TrainArgs trainArgs;
    auto* train = cli::addTrainCommand(app, trainArgs);
    cli::DataCheckArgs dataCheckArgs;
    auto* dataCheck = cli::addDataCheckCommand(app, dataCheckArgs);
#endif
    cli::PlanSplitArgs planSplitArgs;
    auto* planSplit = cli::addPlanSplitCommand(app, planSplitArgs);
    cli::SbatchArgs sbatchArgs;
    auto* sbatch = cli::addSbatchCommand(app, sbatchArgs);
    cli::ShardRunArgs shardRunArgs;
    auto* shardRun = cli::addShardRunCommand(app, shardRunArgs);
    cli::MergeArgs mergeArgs;
    auto* merge = cli::addMergeCommand(app, mergeArgs);
    cli::CalibrateArgs calibrateArgs;
    auto* calibrate = cli::addCalibrateCommand(app, calibrateArgs);
    cli::ProfilePassArgs profilePassArgs;
    auto* profilePass = cli::addProfilePassCommand(app, profilePassArgs);
    cli::WorkerArgs workerArgs;
    auto* worker = cli::addWorkerCommand(app, workerArgs);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return 0;
    } catch (const CLI::CallForVersion&) {
        std::cout << GRAPHLENS_VERSION << "\n";
        return 0;
    } catch (const CLI::ParseError& error) {
        return cli::usageError(std::string(error.what()) + " (see graphlens-cli --help)");
    }

    try {
        if (*list) return cli::runList(listArgs);
        if (*env) return cli::runEnv(envArgs);
        if (*worker) return cli::runWorker(workerArgs);
        if (*verify) return cli::runVerify(verifyArgs);
        if (*advise) return cli::runAdvise(adviseArgs);
        if (*plan) return cli::runPlan(planArgs);
        if (*replayMix) return cli::runReplayMix(replayMixArgs);
        if (*planSplit) return cli::runPlanSplit(planSplitArgs);
        if (*sbatch) return cli::runSbatch(sbatchArgs);
        if (*shardRun) return cli::runShardRun(shardRunArgs);
        if (*merge) return cli::runMerge(mergeArgs);
        if (*calibrate) {
            // Its calibration is cached: tearing down CUPTI on the way out would only keep the sweep waiting.
            const int code = cli::runCalibrate(calibrateArgs);
            std::cout.flush();
            std::_Exit(code);
        }
        if (*profilePass) {
            // Its rows are sent and its trace written: tearing down CUPTI and the CUDA context on the
            // way out (about 0.3 s on the H200) would only keep the sweep that waits for it waiting.
            const int code = cli::runProfilePass(profilePassArgs);
            std::cout.flush();
            std::_Exit(code);
        }
#if GRAPHLENS_HAVE_DATASETS
        if (*dataCheck) return cli::runDataCheck(dataCheckArgs);
        if (*train) return cli::runTrain(trainArgs);
#endif
        return cli::runSweep(sweepArgs);  // exactly one subcommand was given, and it is the only one left
    } catch (const graphlens::bench::UsageError& error) {
        return cli::usageError(error.what());
    } catch (const graphlens::results::ResultsError& error) {
        return cli::usageError(error.what());
    } catch (const std::exception& error) {
        std::cerr << "graphlens-cli: " << cli::firstLine(error.what()) << "\n";
        return cli::kRunFailed;
    }
}
