#include "SweepCommand.h"

#include "bench/ConsoleSweepEvents.h"
#include "bench/SweepSession.h"
#include "fleet/PlanFile.h"

#include <iostream>

namespace graphlens::cli {

CLI::App* addSweepCommand(CLI::App& app, SweepArgs& args) {
    auto& plan = args.plan;
    auto* sweep = app.add_subcommand("sweep", "time eager vs graphed inference and training steps over batch sizes");
    auto* sweepFamily = sweep->add_option("--family", plan.family, "model family (see `list`)")->capture_default_str();
    args.model.addTo(*sweep);
    sweep->get_option("--model")->excludes(sweepFamily);
    sweep->add_option("--data", plan.data,
                      "dataset: a YOLO data.yaml, an ImageFolder root, or nothing for the built-in one");
    sweep->add_option("--batch", args.batches, "batch sizes, comma separated")->capture_default_str();
    sweep->add_option("--imgsz", plan.imgsz, "square input size (0: family default)")->capture_default_str();
    sweep->add_option("--precision", plan.precision,
                      "fp32 | fp16 | amp-fp16 | amp-bf16 (training autocasts: fp16 is amp-fp16 there; amp-bf16 trains only)")
        ->capture_default_str();
    sweep->add_option("--phase", args.phases,
                      "infer, train or infer,train (training steps: data, forward, loss, backward, optimizer)")
        ->capture_default_str();
    sweep->add_option("--graph-scope", args.graphScopes,
                      "training graph scopes, comma separated: network (forward+backward graphed), step (whole step)")
        ->capture_default_str();
    sweep->add_option("--optimizer", plan.optimizer, "training steps: sgd | adamw")->capture_default_str();
    sweep->add_option("--graph", plan.graph, "graph mode of the graphed arm: on | auto | off (the eager arm alone)")->capture_default_str();
    sweep->add_option("--memory-format", args.memoryFormats, "nchw | channels_last, comma separated (a sweep dimension)")
        ->capture_default_str();
    sweep->add_option("--scope", plan.scope, "step (upload + network + postprocess, what a predict call does) | "
                                             "network (the network alone)")->capture_default_str();
    sweep->add_option("--repeats", plan.repeats, "rounds of alternating arm blocks")->capture_default_str();
    sweep->add_option("--steps", plan.steps, "timed steps per arm in each round")->capture_default_str();
    sweep->add_option("--warmup", plan.warmup, "untimed warm-up steps per arm")->capture_default_str();
    sweep->add_option("--seed", plan.seed, "seed of weights and input batch")->capture_default_str();
    sweep->add_option("--csv", plan.csv, "write the rows as CSV");
    sweep->add_option("--json", plan.json, "write the session (plan, environment, rows) as JSON");
    sweep->add_option("--autosave", plan.autosave, "JSONL file each row is appended to as it is measured");
    sweep->add_option("--trace", plan.trace, "write the profiled steps as Chrome trace JSON (Perfetto)");
    sweep->add_option("--profile-steps", plan.profileSteps, "steps per arm in the profiled pass")->capture_default_str();
    sweep->add_flag("--no-profile", args.noProfile, "skip the CUPTI profiled pass");
    sweep->add_flag("--auto-seam", plan.autoSeam,
                    "with --model: when whole capture is refused on load, graph the largest part of the model's "
                    "chain of submodules that captures bit for bit (as verify --find-seam finds it), the rest eager");
    // A plan file (the window's, a shard of plan-split's) is run as the worker runs it; only the
    // outputs and --no-profile may be added to it.
    auto* planFile = sweep->add_option("--plan", args.planFile, "run this sweep plan file (JSON); only --csv, "
                                                                "--json, --autosave, --trace and --no-profile go with it");
    for (auto* option : sweep->get_options()) {
        const auto name = option->get_name();
        if (option == planFile || name == "--help" || name == "--csv" || name == "--json" || name == "--autosave" ||
            name == "--trace" || name == "--no-profile") {
            continue;
        }
        planFile->excludes(option);
    }
    return sweep;
}

int runSweep(const SweepArgs& args) {
    auto plan = args.plan;
    if (!args.planFile.empty()) {
        plan = fleet::readSweepPlanFile(args.planFile);
        for (auto [field, given] : {std::pair{&plan.csv, args.plan.csv}, std::pair{&plan.json, args.plan.json},
                                    std::pair{&plan.autosave, args.plan.autosave}, std::pair{&plan.trace, args.plan.trace}}) {
            if (!given.empty()) *field = given;
        }
        if (args.noProfile) plan.profile = false;
    } else {
        plan.profile = !args.noProfile;
        plan.model = args.model.path;
        plan.task = args.model.task;
        plan.jit = args.model.jit;
        plan.batches = results::parseBatchList(args.batches);
        plan.memoryFormats = results::parseMemoryFormatList(args.memoryFormats);
        plan.phases = results::parsePhaseList(args.phases);
        plan.graphScopes = results::parseGraphScopeList(args.graphScopes);
    }

    bench::ConsoleSweepEvents events(std::cerr);
    const auto result = bench::runSweepSession(plan, events);
    for (const auto& path : result.outputs) std::cout << "wrote " << path << "\n";
    if (result.exitCode != 0) std::cerr << "graphlens-cli: some rows failed (see status/message)\n";
    return result.exitCode;
}

}  // namespace graphlens::cli
