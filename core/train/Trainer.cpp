#include "train/Trainer.h"

#include "data/ImageSampleSource.h"
#include "data/SampleSource.h"
#include "families/TrainingSeam.h"
#include "graphs/ModuleForward.h"
#include "graphs/OutOfMemory.h"
#include "train/Checkpoint.h"
#include "train/DeferredStepLog.h"
#include "train/EpochTrainer.h"
#include "train/EpochValidation.h"
#include "train/LearningRateSchedule.h"
#include "train/OptimizerFactory.h"
#include "train/TrainingErrors.h"
#include "train/TrainingInputs.h"
#include "train/TrainingLog.h"
#include "train/TrainingPrecision.h"
#include "train/TrainingStep.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>

namespace graphlens::train {
namespace {

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

LearningRateSchedule scheduleFor(const TrainOptions& options, std::int64_t batchesPerEpoch) {
    const auto optimizerStepsPerEpoch = (batchesPerEpoch + options.accumulation - 1) / options.accumulation;
    LearningRateScheduleOptions schedule;
    schedule.baseLearningRate = options.learningRate > 0 ? options.learningRate : defaultLearningRate(options.optimizer);
    schedule.minLearningRate = schedule.baseLearningRate * 0.01;
    schedule.totalSteps = std::max<std::int64_t>(1, optimizerStepsPerEpoch * options.epochs);
    schedule.warmupSteps = std::min<std::int64_t>(
        schedule.totalSteps - 1, static_cast<std::int64_t>(std::llround(options.warmupEpochs * optimizerStepsPerEpoch)));
    return LearningRateSchedule(schedule);
}

// Loads --resume's weights, optimizer state and gradient scaler into the new model; returns the
// epoch to continue from. The header was checked with the inputs.
int resumeFromCheckpoint(const TrainOptions& options, const CheckpointInfo& resumeFrom, torch::nn::Module& module,
                         CapturableOptimizer& optimizer, GradientScaler& scaler, TrainingReport& report, std::ostream& progress) {
    optimizer.initialiseState();  // the state tensors must exist before the checkpoint is copied into them
    int startEpoch = 0;
    try {
        const auto info = loadCheckpoint(options.resume, resumeFrom, module, optimizer, scaler);
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
    return startEpoch;
}

TrainingStepOptions stepOptionsFor(const TrainOptions& options, const TrainingInputs& inputs, families::TrainingGraphScope scope,
                                   torch::nn::AnyModule& network, std::ostream& progress) {
    TrainingStepOptions step;
    step.graphScope = scope;
    step.precision = inputs.precision;
    step.accumulation = options.accumulation;
    step.clipNorm = options.clipNorm;
    step.failAtMicroStep = options.injectGraphFailureAt;
    step.seam = families::trainingSeamOf(inputs.family, network);
    step.warn = [&progress](const std::string& line) { progress << "warning: " << line << "\n"; };
    return step;
}

void printEpochLine(std::ostream& progress, int epoch, const TrainOptions& options, const ValidationResult& validation) {
    progress << "epoch " << epoch + 1 << "/" << options.epochs;
    if (!validation.metric.empty()) progress << ": val " << validation.metric << " " << validation.value;
    if (!validation.detail.empty()) progress << " (" << validation.detail << ")";
    progress << "\n";
}

// What a resume needs to continue after `epoch` (0-based) as if the run had not stopped.
CheckpointInfo checkpointAfter(int epoch, const TrainOptions& options, const std::string& family,
                               const CapturableOptimizer& optimizer, const TrainingReport& report) {
    CheckpointInfo info;
    info.family = family;
    info.optimizer = optimizer.name();
    info.precision = options.precision;
    info.epoch = epoch + 1;
    info.optimizerSteps = report.optimizerSteps;
    info.seed = options.seed;
    info.plannedEpochs = options.epochs;
    return info;
}

TrainingFailure outOfMemoryFailure(const std::exception& error, const std::string& family, int batch,
                                   const std::filesystem::path& checkpoint) {
    const std::string what = error.what();
    const bool kept = std::filesystem::exists(checkpoint);
    return TrainingFailure("out of memory training " + family + " at batch " + std::to_string(batch) + " (" +
                           what.substr(0, what.find('\n')) + "); " +
                           (kept ? "the last checkpoint " + checkpoint.string() + " is kept" : "no checkpoint was written yet"));
}

}  // namespace

TrainingReport runTraining(const TrainOptions& options, std::ostream& progress) {
    const auto started = std::chrono::steady_clock::now();
    const auto inputs = checkTrainingInputs(options);  // bad input is refused before any file is written
    const auto& family = inputs.family;
    progress << inputs.dataset.summary() << "\n";
    progress << "training " << family.name << " on " << inputs.device.str() << ", batch " << options.batch << ", " << inputs.imgsz
             << " px, " << options.precision << ", " << options.optimizer << "\n";
    const auto scope = decideGraphScope(options, family, inputs.device, progress);

    auto network = family.build(options.seed);
    auto module = network.ptr();
    module->to(inputs.device);
    module->train();
    auto forward = graphs::forwardOf(network);
    auto optimizer = makeCapturableOptimizer(options.optimizer, module->parameters(), options.learningRate, options.weightDecay);
    GradientScalerOptions scalerOptions;
    scalerOptions.enabled = needsLossScaling(inputs.precision);
    GradientScaler scaler(inputs.device, scalerOptions);

    const bool masks = family.task == "segment";  // only a segmenter pays for decoding or drawing masks
    auto trainSource = data::ImageSampleSource::forSplit(inputs.dataset, "train", nullptr, masks);
    const auto* valSplit = inputs.dataset.findSplit("val");
    std::shared_ptr<const data::SampleSource> valSource;
    if (valSplit && !valSplit->images.empty()) valSource = data::ImageSampleSource::forSplit(inputs.dataset, "val", nullptr, masks);
    const auto batchesPerEpoch = static_cast<std::int64_t>((trainSource->size() + options.batch - 1) / options.batch);
    if (static_cast<std::size_t>(options.batch) > trainSource->size()) {
        progress << "batch " << options.batch << " is larger than the train split (" << trainSource->size()
                 << " images): each epoch is one batch of " << trainSource->size() << ", as Ultralytics trains\n";
    }
    const auto schedule = scheduleFor(options, batchesPerEpoch);

    TrainingReport report;
    report.family = family.name;
    report.device = inputs.device.str();
    report.checkpoint = inputs.out / "last.ckpt";
    report.log = inputs.out / "train.csv";
    const int startEpoch =
        options.resume.empty() ? 0 : resumeFromCheckpoint(options, inputs.resumeFrom, *module, *optimizer, scaler, report, progress);

    TrainingStep step(module, forward, family, *optimizer, scaler, stepOptionsFor(options, inputs, scope, network, progress));
    TrainingLog log(report.log, options.resume.empty() ? TrainingLog::Mode::Replace : TrainingLog::Mode::Append);
    DeferredStepLog rows(log, progress, scaler.enabled());
    EpochTrainer trainer({options, family, inputs.device, inputs.imgsz, trainSource, batchesPerEpoch, schedule, *module, *optimizer, step},
                         rows, startEpoch, report, progress);
    ValidationResult validation;
    try {
        for (int epoch = startEpoch; epoch < options.epochs; ++epoch) {
            trainer.train(epoch);
            validation = validateEpoch(family, forward, valSource, options.batch, inputs.imgsz, inputs.device, options.workers);
            module->train();
            printEpochLine(progress, epoch, options, validation);
            saveCheckpoint(report.checkpoint, checkpointAfter(epoch, options, family.name, *optimizer, report), *module, *optimizer, scaler);
            ++report.epochs;
            if (options.maxSteps > 0 && report.microSteps >= options.maxSteps) break;
        }
    } catch (const std::exception& error) {
        if (!graphs::isOutOfMemory(error)) throw;
        throw outOfMemoryFailure(error, family.name, options.batch, report.checkpoint);
    }
    report.metricName = validation.metric;
    report.metric = validation.value;
    report.metricDetail = validation.detail;
    report.graphs = step.describeGraphs();
    report.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
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
