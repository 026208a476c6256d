#include "ProtocolCommands.h"

#include "CliErrors.h"
#include "bench/BenchmarkBatch.h"
#include "bench/Environment.h"
#include "bench/FamilyResolver.h"
#include "bench/ProfiledPass.h"
#include "bench/ProtocolSweepEvents.h"
#include "bench/SweepSession.h"
#include "bench/UsageError.h"
#include "graphlens/config.h"
#include "results/ResultsError.h"
#include "results/SweepPlan.h"
#include "results/TextFile.h"
#include "results/WorkerProtocol.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <thread>

namespace graphlens::cli {

CLI::App* addProfilePassCommand(CLI::App& app, ProfilePassArgs& args) {
    auto* profilePass = app.add_subcommand("profile-pass", "internal: the CUPTI pass of a sweep, in its own process");
    profilePass->group("");  // hidden: the sweep starts it
    profilePass->add_option("--plan", args.planPath)->required();
    profilePass->add_option("--session-id", args.sessionId)->required();
    profilePass->add_option("--records", args.records, "calls (API calls only) or full (also kernels and copies)")
        ->check(CLI::IsMember({"calls", "full"}));
    profilePass->add_option("--verdicts", args.verdictsFile, "the timed pass's inference verdicts (JSON)");
    profilePass->add_option("--go-file", args.goFile, "wait for this file before any GPU work");
    profilePass->add_option("--replay-gap-us", args.replayGapUs, "the device's replay gap per kernel (replay calibration)");
    return profilePass;
}

CLI::App* addWorkerCommand(CLI::App& app, WorkerArgs& args) {
    auto* worker = app.add_subcommand("worker", "JSON-lines protocol for the GUI (plan on stdin or --plan)");
    worker->add_option("--plan", args.planPath, "sweep plan JSON file (default: read stdin)");
    return worker;
}

namespace {

// The sweep that started this pass writes the go file when its own profiled windows are over (the
// sweep's ProfiledChildRun); it kills this process if it never does.
void waitForGo(const std::string& goFile) {
    if (goFile.empty()) return;
    while (!std::filesystem::exists(goFile)) std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

}  // namespace

int runProfilePass(const ProfilePassArgs& args) {
    const auto records = args.records == "calls" ? profiler::CuptiRecords::Calls : profiler::CuptiRecords::Full;
    bench::ProtocolSweepEvents events(std::cout);
    const auto document = nlohmann::json::parse(results::readTextFile(args.planPath), nullptr, false);
    const auto plan = results::sweepPlanFromJson(document, args.planPath);
    // Before the go: nothing that touches the GPU, not even a CUDA context (creating one takes driver
    // locks and device memory while the sweep's own windows time launch calls). A TorchScript file's
    // graph support is decided on the GPU when it loads, so it loads after the go; a built-in family
    // and the dataset's index before it.
    if (!plan.model.empty()) waitForGo(args.goFile);
    const auto family = bench::resolveFamily(plan);
    const bench::BenchmarkBatch batches(plan.data, family.task, plan.seed, events);
    waitForGo(args.goFile);
    bench::InferenceVerdicts verdicts;
    if (!args.verdictsFile.empty()) {
        verdicts = bench::inferenceVerdictsFromJson(nlohmann::json::parse(results::readTextFile(args.verdictsFile)));
    }
    const auto replayGapUs = args.replayGapUs >= 0 ? std::optional<double>(args.replayGapUs) : std::nullopt;
    bench::runProfiledPass(plan, family, args.sessionId, events, &batches, records, verdicts, replayGapUs);
    return 0;
}

int runWorker(const WorkerArgs& args) {
    const auto& planPath = args.planPath;
    bench::ProtocolSweepEvents events(std::cout);
    events.send(results::helloEvent(GRAPHLENS_VERSION, bench::collectEnvironment()));
    try {
        const std::string text =
            planPath.empty() ? std::string(std::istreambuf_iterator<char>(std::cin), {}) : results::readTextFile(planPath);
        const std::string source = planPath.empty() ? "<stdin>" : planPath;
        const auto document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (document.is_discarded()) throw bench::UsageError(source + ": the sweep plan is not valid JSON");
        const auto plan = results::sweepPlanFromJson(document, source);
        const auto result = bench::runSweepSession(plan, events);
        events.send(results::doneEvent(result.exitCode == 0, result.rows, result.outputs, result.environment));
        return result.exitCode;
    } catch (const bench::UsageError& error) {
        events.send(results::errorEvent(error.what()));
        events.send(results::doneEvent(false, 0, {}));
        return kBadArguments;
    } catch (const results::ResultsError& error) {
        events.send(results::errorEvent(error.what()));
        events.send(results::doneEvent(false, 0, {}));
        return kBadArguments;
    } catch (const std::exception& error) {
        events.send(results::errorEvent(firstLine(error.what())));
        events.send(results::doneEvent(false, 0, {}));
        return kRunFailed;
    }
}

}  // namespace graphlens::cli
