#include "train/Trainer.h"

#include "train/PendingLoss.h"

#include "data/DataLoader.h"
#include "data/DatasetError.h"
#include "data/ImageSampleSource.h"
#include "data/OpenDataset.h"
#include "families/FamilyRegistry.h"
#include "families/InputNormalisation.h"
#include "families/ModelFileError.h"
#include "families/TorchScriptFamily.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutOfMemory.h"
#include "results/AtomicFile.h"
#include "results/ResultsError.h"
#include "train/Checkpoint.h"
#include "train/EpochValidation.h"
#include "train/LearningRateSchedule.h"
#include "train/OptimizerFactory.h"
#include "train/ProgressLine.h"
#include "train/TrainingErrors.h"
#include "train/TrainingLog.h"
#include "train/TrainingStep.h"

#include <c10/util/Exception.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>

namespace graphlens::train {
namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

families::Family resolveFamily(const TrainOptions& options) {
    if (!options.modelPath.empty()) {
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

void checkArguments(const TrainOptions& options) {
    if (options.family.empty() == options.modelPath.empty()) throw TrainingInputError("give --family or --model (one of them)");
    if (options.epochs < 1) throw TrainingInputError("--epochs must be at least 1");
    if (options.batch < 1) throw TrainingInputError("--batch must be at least 1");
    if (options.accumulation < 1) throw TrainingInputError("--accumulate must be at least 1");
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

// The graph scope this run gets, or None with the one line that says why.
families::TrainingGraphScope decideGraphScope(const TrainOptions& options, const families::Family& family,
                                              torch::Device device, std::ostream& progress) {
    if (!options.cudaGraph) return families::TrainingGraphScope::None;
    const auto requested = options.graphScope == "step" ? families::TrainingGraphScope::Step : families::TrainingGraphScope::Network;
    std::string why;
    if (!device.is_cuda()) {
        why = "CUDA graphs need a CUDA device and this run is on the CPU";
    } else if (!family.training.supports(families::TrainingGraphScope::Network) &&
               !family.training.supports(families::TrainingGraphScope::Step)) {
        why = family.name + " declares graphed training none (" + family.training.reason + ")";
    }
    if (!why.empty()) {
        progress << "graphs off: " << why << "; training eagerly\n";
        return families::TrainingGraphScope::None;
    }
    if (!family.training.supports(requested)) {
        const auto other = requested == families::TrainingGraphScope::Step ? families::TrainingGraphScope::Network
                                                                            : families::TrainingGraphScope::Step;
        const auto& reason = requested == families::TrainingGraphScope::Network ? family.training.networkRefused
                                                                                : family.training.reason;
        progress << "graphs: " << family.name << " does not declare " << families::toString(requested) << " scope ("
                 << reason << "); using " << families::toString(other) << " scope\n";
        return other;
    }
    return requested;
}

double baseLearningRate(const TrainOptions& options) {
    return options.learningRate > 0 ? options.learningRate : defaultLearningRate(options.optimizer);
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
    if (static_cast<std::size_t>(options.batch) > train->images.size()) {
        throw TrainingInputError(dataset.source.string() + ": --batch " + std::to_string(options.batch) +
                                 " is larger than the train split (" + std::to_string(train->images.size()) + " images)");
    }
    return dataset;
}

std::filesystem::path prepareOutput(const TrainOptions& options) {
    const std::filesystem::path out = options.outDir;
    try {
        std::error_code ignored;
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

TrainingReport runTraining(const TrainOptions& options, std::ostream& progress) {
    const auto started = Clock::now();
    checkArguments(options);
    auto family = resolveFamily(options);
    if (!family.loss || !family.trainingTargets) throw TrainingInputError(family.name + " has no training loss");
    const int imgsz = options.imgsz > 0 ? options.imgsz : family.defaultImgsz;
    const auto precision = parseTrainingPrecision(options.precision);
    const auto dataset = openTrainingDataset(options, family);
    // The head fits the dataset (a segmenter: its classes and the background).
    if (family.withDatasetClasses) family = family.withDatasetClasses(static_cast<int>(dataset.names.size()));
    const torch::Device device = (!options.cpu && torch::cuda::is_available()) ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    // Everything that can be wrong with the input is checked before the first byte is written.
    CheckpointInfo resumeFrom;
    if (!options.resume.empty()) {
        try {
            resumeFrom = readCheckpointInfo(options.resume);
        } catch (const CheckpointError& error) {
            throw TrainingInputError(error.what());
        }
        if (resumeFrom.family != family.name || resumeFrom.optimizer != options.optimizer) {
            throw TrainingInputError(options.resume + ": a checkpoint of " + resumeFrom.family + " with " + resumeFrom.optimizer +
                                     ", not of " + family.name + " with " + options.optimizer);
        }
    }
    const auto out = prepareOutput(options);
    progress << dataset.summary() << "\n";
    progress << "training " << family.name << " on " << device.str() << ", batch " << options.batch << ", " << imgsz << " px, "
             << options.precision << ", " << options.optimizer << "\n";
    const auto scope = decideGraphScope(options, family, device, progress);

    auto network = family.build(options.seed);
    auto module = network.ptr();
    module->to(device);
    module->train();
    auto forward = graphs::forwardOf(network);
    auto optimizer = makeCapturableOptimizer(options.optimizer, module->parameters(), options.learningRate, options.weightDecay);
    GradientScalerOptions scalerOptions;
    scalerOptions.enabled = needsLossScaling(precision);
    GradientScaler scaler(device, scalerOptions);

    const bool masks = family.task == "segment";  // only a segmenter pays for decoding or drawing masks
    auto trainSource = data::ImageSampleSource::forSplit(dataset, "train", nullptr, masks);
    const auto* valSplit = dataset.findSplit("val");
    std::shared_ptr<const data::SampleSource> valSource;
    if (valSplit && !valSplit->images.empty()) valSource = data::ImageSampleSource::forSplit(dataset, "val", nullptr, masks);

    const auto batchesPerEpoch = static_cast<std::int64_t>((trainSource->size() + options.batch - 1) / options.batch);
    const auto optimizerStepsPerEpoch = (batchesPerEpoch + options.accumulation - 1) / options.accumulation;
    LearningRateScheduleOptions scheduleOptions;
    scheduleOptions.baseLearningRate = baseLearningRate(options);
    scheduleOptions.minLearningRate = scheduleOptions.baseLearningRate * 0.01;
    scheduleOptions.totalSteps = std::max<std::int64_t>(1, optimizerStepsPerEpoch * options.epochs);
    scheduleOptions.warmupSteps = std::min<std::int64_t>(
        scheduleOptions.totalSteps - 1, static_cast<std::int64_t>(std::llround(options.warmupEpochs * optimizerStepsPerEpoch)));
    const LearningRateSchedule schedule(scheduleOptions);

    TrainingReport report;
    report.family = family.name;
    report.device = device.str();
    report.checkpoint = out / "last.ckpt";
    report.log = out / "train.csv";
    int startEpoch = 0;
    if (!options.resume.empty()) {
        optimizer->initialiseState();
        try {
            const auto info = loadCheckpoint(options.resume, resumeFrom, *module, *optimizer, scaler);
            startEpoch = info.epoch;
            report.optimizerSteps = info.optimizerSteps;
        } catch (const CheckpointError& error) {
            throw TrainingInputError(error.what());
        }
        progress << "resumed from " << options.resume << " after epoch " << startEpoch << "\n";
        if (resumeFrom.plannedEpochs > 0 && resumeFrom.plannedEpochs != options.epochs) {
            progress << "warning: " << options.resume << " was saved by a run planned for " << resumeFrom.plannedEpochs
                     << " epochs; resuming for " << options.epochs
                     << " stretches the learning-rate schedule, so the steps differ from an uninterrupted run of either\n";
        }
    }

    TrainingStepOptions stepOptions;
    stepOptions.graphScope = scope;
    stepOptions.precision = precision;
    stepOptions.accumulation = options.accumulation;
    stepOptions.clipNorm = options.clipNorm;
    stepOptions.failAtMicroStep = options.injectGraphFailureAt;
    stepOptions.seam = families::trainingSeamOf(family, network);
    stepOptions.warn = [&progress](const std::string& line) { progress << "warning: " << line << "\n"; };
    TrainingStep step(module, forward, family, *optimizer, scaler, stepOptions);
    TrainingLog log(report.log, options.resume.empty() ? TrainingLog::Mode::Replace : TrainingLog::Mode::Append);

    const auto totalMicroSteps = batchesPerEpoch * (options.epochs - startEpoch);
    const auto plannedMicroSteps = options.maxSteps > 0 ? std::min(options.maxSteps, totalMicroSteps) : totalMicroSteps;
    auto lastProgress = Clock::now();
    const auto trainingStarted = Clock::now();
    ValidationResult validation;
    try {
        for (int epoch = startEpoch; epoch < options.epochs; ++epoch) {
            data::LoaderOptions loaderOptions;
            loaderOptions.batchSize = options.batch;
            loaderOptions.imageSizes = options.multiScale.empty() ? std::vector<int>{imgsz} : options.multiScale;
            loaderOptions.workers = options.workers;
            loaderOptions.shuffle = true;
            loaderOptions.seed = options.seed * 1000003u + static_cast<std::uint64_t>(epoch);
            loaderOptions.dropLast = false;  // the last, partial batch trains too (eagerly, when graphed)
            loaderOptions.epochs = 1;
            loaderOptions.device = device;
            loaderOptions.augment = true;
            data::DataLoader loader(trainSource, loaderOptions,
                                    [&progress](const std::string& line) { progress << "warning: " << line << "\n"; });
            PendingLoss pendingLoss;
            double pendingLr = 0, pendingMs = 0;
            bool pendingGraphed = false;
            std::int64_t pendingStep = 0;
            const auto flushPending = [&] {
                if (!pendingLoss.defined()) return;
                const double loss = pendingLoss.value();
                if (!std::isfinite(loss)) {
                    ++report.nonFiniteLosses;
                    progress << "warning: step " << pendingStep << ": loss is " << loss
                             << (scaler.enabled() ? " (the gradient scaler skips this update and backs off)" : "") << "\n";
                }
                log.append({epoch + 1, pendingStep, loss, pendingLr, pendingMs, pendingGraphed});
                pendingLoss = PendingLoss();
            };
            std::int64_t batchInEpoch = 0;
            auto stepStarted = Clock::now();
            module->train();
            while (options.maxSteps <= 0 || report.microSteps < options.maxSteps) {
                const auto waitStarted = Clock::now();
                auto loaded = loader.next();
                report.loaderWaitSeconds += secondsSince(waitStarted);
                if (!loaded) break;
                const auto images = families::normaliseImages(loaded->images, family.task);
                families::TrainingLabels labels{loaded->classes, loaded->boxes};
                if (loaded->masks.defined()) labels.masks = loaded->masks.to(torch::kLong);
                const auto targets = family.trainingTargets(labels, images.size(0), static_cast<int>(images.size(2)));
                const double lr = schedule.at(report.optimizerSteps);
                if (report.microSteps % options.accumulation == 0) optimizer->setLearningRate(lr);
                auto result = step.run(images, targets);
                ++report.microSteps;
                ++batchInEpoch;
                if (result.optimizerStepped) ++report.optimizerSteps;
                // The previous step's loss is logged now, while this step runs on the GPU: its copy
                // was started right after it was enqueued (PendingLoss), so this waits for that step
                // only, never for the one just enqueued.
                flushPending();
                const auto now = Clock::now();
                pendingLoss = PendingLoss(result.loss);
                pendingLr = lr;
                pendingMs = std::chrono::duration<double, std::milli>(now - stepStarted).count();
                pendingGraphed = result.replayed;
                pendingStep = report.optimizerSteps;
                stepStarted = now;
                if (std::chrono::duration<double>(now - lastProgress).count() >= 1.0) {
                    lastProgress = now;
                    ProgressLine state;  // steps counted as micro-steps (the loader's batches)
                    state.epoch = epoch + 1;
                    state.epochs = options.epochs;
                    state.stepInEpoch = batchInEpoch;
                    state.stepsPerEpoch = batchesPerEpoch;
                    state.elapsedSeconds = secondsSince(trainingStarted);
                    state.stepsDone = report.microSteps;
                    state.totalSteps = plannedMicroSteps;
                    state.loss = pendingLoss.value();
                    state.learningRate = lr;
                    progress << formatProgressLine(state) << "\n";
                }
            }
            flushPending();
            validation = validateEpoch(family, forward, valSource, options.batch, imgsz, device, options.workers);
            module->train();
            progress << "epoch " << epoch + 1 << "/" << options.epochs;
            if (!validation.metric.empty()) progress << ": val " << validation.metric << " " << validation.value;
            if (!validation.detail.empty()) progress << " (" << validation.detail << ")";
            progress << "\n";
            CheckpointInfo info;
            info.family = family.name;
            info.optimizer = optimizer->name();
            info.precision = options.precision;
            info.epoch = epoch + 1;
            info.optimizerSteps = report.optimizerSteps;
            info.seed = options.seed;
            info.plannedEpochs = options.epochs;
            saveCheckpoint(report.checkpoint, info, *module, *optimizer, scaler);
            ++report.epochs;
            if (options.maxSteps > 0 && report.microSteps >= options.maxSteps) break;
        }
    } catch (const std::exception& error) {
        if (!graphs::isOutOfMemory(error)) throw;
        const bool kept = std::filesystem::exists(report.checkpoint);
        throw TrainingFailure("out of memory training " + family.name + " at batch " + std::to_string(options.batch) + " (" +
                              std::string(error.what()).substr(0, std::string(error.what()).find('\n')) + "); " +
                              (kept ? "the last checkpoint " + report.checkpoint.string() + " is kept" : "no checkpoint was written yet"));
    }
    report.metricName = validation.metric;
    report.metric = validation.value;
    report.metricDetail = validation.detail;
    report.graphs = step.describeGraphs();
    report.wallSeconds = secondsSince(started);
    return report;
}

std::string describe(const TrainingReport& report) {
    std::ostringstream text;
    text << report.family << " on " << report.device << ": " << report.epochs << " epochs, " << report.microSteps << " steps in "
         << report.wallSeconds << " s (loader wait " << report.loaderWaitSeconds << " s, "
         << (report.wallSeconds > 0 ? 100.0 * report.loaderWaitSeconds / report.wallSeconds : 0.0) << "%)\n";
    if (!report.metricName.empty()) {
        text << "final val " << report.metricName << ": " << report.metric;
        if (!report.metricDetail.empty()) text << " (" << report.metricDetail << ")";
        text << "\n";
    }
    text << "graphs: " << report.graphs << "\n";
    if (report.nonFiniteLosses > 0) text << "non-finite losses: " << report.nonFiniteLosses << "\n";
    text << "checkpoint: " << report.checkpoint.string() << "\nlog: " << report.log.string() << "\n";
    return text.str();
}

}  // namespace graphlens::train
