#include "TrainCommands.h"

#include "CliErrors.h"
#include "bench/DatasetCheck.h"
#include "bench/ImageSizeCheck.h"
#include "families/FamilyRegistry.h"
#include "results/SweepPlan.h"
#include "train/Trainer.h"
#include "train/TrainingErrors.h"

#include <iostream>

namespace graphlens::cli {
namespace {

// A built-in family's sizes are known before training starts (the training code, in core/train,
// would only find out mid-run). An unknown family is left to the training code to name; a
// TorchScript file's forward on load decides its own sizes.
void refuseSizesTheFamilyCannotTake(const train::TrainOptions& options) {
    if (!options.modelPath.empty()) return;
    const auto* family = families::FamilyRegistry::builtIn().find(options.family);
    if (!family) return;
    bench::checkImageSizeFits(*family, options.imgsz);
    for (int size : options.multiScale) bench::checkImageSizeFits(*family, size, "--multi-scale");
}

}  // namespace

CLI::App* addTrainCommand(CLI::App& app, TrainArgs& args) {
    auto& options = args.options;
    auto* train = app.add_subcommand("train", "train a family on a dataset, eagerly or with CUDA graphs");
    auto* trainFamily = train->add_option("--family", options.family, "model family (see `list`)");
    train->add_option("--model", options.modelPath, "a TorchScript file to train instead")->excludes(trainFamily);
    train->add_option("--task", options.task, "with --model: classify | detect | other (default classify)");
    train->add_option("--data", options.data, "a YOLO data.yaml, an ImageFolder root, or nothing for the built-in dataset");
    train->add_option("--epochs", options.epochs, "epochs")->capture_default_str();
    train->add_option("--batch", options.batch, "images per step")->capture_default_str();
    train->add_option("--imgsz", options.imgsz, "square input size (0: family default)")->capture_default_str();
    train->add_option("--multi-scale", args.scales, "image sizes, comma separated: batch k uses size k mod n");
    train->add_option("--precision", options.precision, "fp32 | amp-fp16 | amp-bf16")->capture_default_str();
    train->add_option("--optimizer", options.optimizer, "sgd | adamw")->capture_default_str();
    train->add_option("--lr", options.learningRate, "peak learning rate (0: 0.01 for SGD, 0.001 for AdamW)");
    train->add_option("--warmup-epochs", options.warmupEpochs, "linear warm-up before the cosine decay")->capture_default_str();
    train->add_option("--accumulate", options.accumulation, "micro-steps per optimizer step")->capture_default_str();
    train->add_option("--clip", options.clipNorm, "clip the gradients' total norm (0: off)")->capture_default_str();
    train->add_flag("--cuda-graph", options.cudaGraph, "graph the training step where it is safe (says why when not)");
    train->add_option("--graph-scope", options.graphScope, "network (forward+backward graphed) | step (whole step)")
        ->capture_default_str();
    train->add_option("--out", options.outDir, "folder for train.csv and last.ckpt")->capture_default_str();
    train->add_option("--resume", options.resume, "continue from a checkpoint (last.ckpt)");
    train->add_option("--workers", options.workers, "loader threads")->capture_default_str();
    train->add_option("--seed", options.seed, "seed of weights, order and augmentation")->capture_default_str();
    train->add_flag("--cpu", options.cpu, "train on the CPU even when a GPU is present");
    train->add_option("--max-steps", options.maxSteps, "stop after this many steps (0: all epochs)");
    auto* inject = train->add_option("--inject-graph-failure", options.injectGraphFailureAt,
                                     "testing: make the graph capture/replay at this step fail");
    inject->group("");  // hidden: for tests of the eager fallback
    return train;
}

CLI::App* addDataCheckCommand(CLI::App& app, DataCheckArgs& args) {
    auto* dataCheck = app.add_subcommand("data-check", "open a dataset as a run would and say what it holds, or what is wrong");
    dataCheck->add_option("data", args.data, "a YOLO data.yaml or an ImageFolder root")->required();
    dataCheck->add_flag("--json", args.json, "one JSON object: ok, task, classes, summary, warnings (or error)");
    return dataCheck;
}

int runTrain(const TrainArgs& args) {
    auto options = args.options;
    // A bad --multi-scale list throws ResultsError, which main reports as bad arguments (exit 2).
    if (!args.scales.empty()) options.multiScale = results::parseBatchList(args.scales);
    refuseSizesTheFamilyCannotTake(options);  // a UsageError: exit 2 from main
    try {
        const auto report = train::runTraining(options, std::cerr);
        std::cout << train::describe(report);
        return 0;
    } catch (const train::TrainingInputError& error) {
        return usageError(firstLine(error.what()));
    } catch (const train::TrainingFailure& error) {
        std::cerr << "graphlens-cli: " << firstLine(error.what()) << "\n";
        return kRunFailed;
    }
}

int runDataCheck(const DataCheckArgs& args) {
    const auto result = bench::checkDataset(args.data);
    if (args.json) {
        std::cout << bench::toJson(result).dump() << "\n";
    } else if (result.ok) {
        std::cout << result.summary << "\n";
        for (const auto& warning : result.warnings) std::cerr << "warning: " << warning << "\n";
    } else {
        std::cerr << "graphlens-cli: " << result.error << "\n";
    }
    return result.ok ? 0 : kBadArguments;
}

}  // namespace graphlens::cli
