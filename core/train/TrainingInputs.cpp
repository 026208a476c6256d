#include "train/TrainingInputs.h"

#include "data/DatasetError.h"
#include "data/OpenDataset.h"
#include "families/AotiFamily.h"
#include "families/FamilyRegistry.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptFamily.h"
#include "results/AtomicFile.h"
#include "results/ResultsError.h"
#include "train/TrainingErrors.h"

#include <torch/cuda.h>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace graphlens::train {
namespace {

// Loader threads beyond this only contend for the same cores and memory; a thousand of them ran
// into the process limit.
constexpr int kMaxLoaderWorkers = 128;

// A double as a user typed it ("nan", "-1", "0.5").
std::string shownNumber(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

void checkArguments(const TrainOptions& options) {
    if (options.family.empty() == options.modelPath.empty()) throw TrainingInputError("give --family or --model (one of them)");
    if (options.epochs < 1) throw TrainingInputError("--epochs must be at least 1");
    if (options.batch < 1) throw TrainingInputError("--batch must be at least 1");
    if (options.accumulation < 1) throw TrainingInputError("--accumulate must be at least 1");
    // NaN compares false with everything: each check is written so that NaN fails it, never falls
    // back to a default without a word.
    if (!(std::isfinite(options.learningRate) && options.learningRate >= 0)) {
        throw TrainingInputError("--lr " + shownNumber(options.learningRate) +
                                 ": expected a finite rate > 0 (or 0 for the optimizer's default)");
    }
    if (!(std::isfinite(options.warmupEpochs) && options.warmupEpochs >= 0)) {
        throw TrainingInputError("--warmup-epochs " + shownNumber(options.warmupEpochs) + ": expected a finite number >= 0");
    }
    if (!(std::isfinite(options.clipNorm) && options.clipNorm >= 0)) {
        throw TrainingInputError("--clip " + shownNumber(options.clipNorm) + ": expected a finite norm > 0 (or 0 for off)");
    }
    if (!std::isfinite(options.weightDecay)) {
        throw TrainingInputError("weight decay " + shownNumber(options.weightDecay) + ": expected a finite number");
    }
    if (options.workers < 1 || options.workers > kMaxLoaderWorkers) {
        throw TrainingInputError("--workers " + std::to_string(options.workers) + ": expected 1.." +
                                 std::to_string(kMaxLoaderWorkers) + " loader threads");
    }
    if (options.optimizer != "sgd" && options.optimizer != "adamw") {
        throw TrainingInputError("--optimizer '" + options.optimizer + "': expected sgd or adamw");
    }
    if (options.graphScope != "network" && options.graphScope != "step") {
        throw TrainingInputError("--graph-scope '" + options.graphScope + "': expected network or step");
    }
    try {
        (void)parseTrainingPrecision(options.precision);
    } catch (const std::invalid_argument& error) {
        throw TrainingInputError(error.what());
    }
    for (int size : options.multiScale) {
        if (size < 32 || size % 32 != 0) throw TrainingInputError("--multi-scale size " + std::to_string(size) + ": expected a multiple of 32");
    }
}

families::Family resolveFamily(const TrainOptions& options) {
    if (!options.modelPath.empty()) {
        if (families::isAotiPackage(options.modelPath)) {
            throw TrainingInputError(options.modelPath + ": an AOTInductor package is compiled for inference (it has no "
                                     "backward): train the model in Python, or from its TorchScript file");
        }
        try {
            return families::makeTorchScriptFamily(options.modelPath, options.task.empty() ? "classify" : options.task,
                                                   options.imgsz);
        } catch (const families::ModelFileError& error) {
            throw TrainingInputError(error.what());
        }
    }
    const auto* family = families::FamilyRegistry::builtIn().find(options.family);
    if (!family) {
        throw TrainingInputError("unknown family '" + options.family + "' (known: " +
                                 families::FamilyRegistry::builtIn().knownNames() + ")");
    }
    return *family;
}

data::Dataset openTrainingDataset(const TrainOptions& options, const families::Family& family) {
    if (family.task != "classify" && family.task != "detect" && family.task != "segment") {
        throw TrainingInputError(family.name + ": training a " + family.task + " family needs a dataset GraphLens cannot read yet");
    }
    // Segmentation datasets are YOLO YAMLs too: polygon labels, or mask files under masks_dir.
    const auto task = family.task == "classify" ? data::Task::Classify : data::Task::Detect;
    data::Dataset dataset;
    try {
        data::BuiltinOptions builtin;
        builtin.seed = options.seed;
        dataset = data::openDataset(options.data, task, builtin);
    } catch (const data::DatasetError& error) {
        throw TrainingInputError(error.what());
    }
    if (dataset.task != task) {
        throw TrainingInputError(dataset.source.string() + ": " + family.name + " is a " + family.task +
                                 " family and this is a " + (dataset.task == data::Task::Classify ? "classification" : "detection") +
                                 " dataset (" + (task == data::Task::Detect ? "a detector needs box labels, e.g. a YOLO YAML"
                                                                            : "a classifier needs class folders (ImageFolder)") + ")");
    }
    if (family.task == "segment" && !dataset.hasMasks()) {
        throw TrainingInputError(dataset.source.string() + ": " + family.name +
                                 " is a segment family and this dataset has no masks (expected masks_dir in the YAML, or "
                                 "polygon labels; the built-in dataset has masks)");
    }
    const auto* train = dataset.findSplit("train");
    if (!train || train->images.empty()) throw TrainingInputError(dataset.source.string() + ": no train split with images");
    // A --batch larger than the train split is no error: as in Ultralytics, each epoch is then one
    // batch of the whole split (EpochTrainer).
    return dataset;
}

// Only the header is read here; the weights are loaded once the model exists.
CheckpointInfo readResumeInfo(const TrainOptions& options, const families::Family& family) {
    CheckpointInfo info;
    try {
        info = readCheckpointInfo(options.resume);
    } catch (const CheckpointError& error) {
        throw TrainingInputError(error.what());
    }
    if (info.family != family.name || info.optimizer != options.optimizer) {
        throw TrainingInputError(options.resume + ": a checkpoint of " + info.family + " with " + info.optimizer + ", not of " +
                                 family.name + " with " + options.optimizer);
    }
    return info;
}

std::filesystem::path prepareOutput(const TrainOptions& options) {
    const std::filesystem::path out = options.outDir;
    try {
        if (std::filesystem::exists(out) && !std::filesystem::is_directory(out)) {
            throw TrainingInputError("--out " + out.string() + ": exists and is not a folder");
        }
        if (!std::filesystem::exists(out)) {
            // Check the nearest folder that exists first: a folder that cannot be created must not
            // be half created.
            auto existing = std::filesystem::absolute(out).parent_path();
            while (!existing.empty() && !std::filesystem::exists(existing) && existing != existing.root_path()) {
                existing = existing.parent_path();
            }
            results::checkWritable(existing / ".graphlens-probe");
            std::filesystem::create_directories(out);
        }
        results::checkWritable(out / "train.csv");
    } catch (const results::ResultsError& error) {
        throw TrainingInputError("--out " + out.string() + ": " + error.what());
    } catch (const std::filesystem::filesystem_error& error) {
        throw TrainingInputError("--out " + out.string() + ": " + error.code().message());
    }
    return out;
}

}  // namespace

TrainingInputs checkTrainingInputs(const TrainOptions& options) {
    checkArguments(options);
    TrainingInputs inputs;
    inputs.family = resolveFamily(options);
    if (!inputs.family.loss || !inputs.family.trainingTargets) throw TrainingInputError(inputs.family.name + " has no training loss");
    inputs.imgsz = options.imgsz > 0 ? options.imgsz : inputs.family.defaultImgsz;
    inputs.precision = parseTrainingPrecision(options.precision);
    inputs.dataset = openTrainingDataset(options, inputs.family);
    // The head fits the dataset (a segmenter: its classes and the background).
    if (inputs.family.withDatasetClasses) {
        inputs.family = inputs.family.withDatasetClasses(static_cast<int>(inputs.dataset.names.size()));
    }
    inputs.device = (!options.cpu && torch::cuda::is_available()) ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    if (!options.resume.empty()) inputs.resumeFrom = readResumeInfo(options, inputs.family);
    inputs.out = prepareOutput(options);
    return inputs;
}

}  // namespace graphlens::train
