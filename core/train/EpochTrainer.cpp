#include "train/EpochTrainer.h"

#include "data/DataLoader.h"
#include "data/SampleSource.h"
#include "families/InputNormalisation.h"
#include "families/TrainingLabels.h"
#include "train/ProgressLine.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace graphlens::train {

EpochTrainer::EpochTrainer(Parts parts, DeferredStepLog& rows, int startEpoch, TrainingReport& report, std::ostream& progress)
    : parts_(std::move(parts)), rows_(rows), report_(report), progress_(progress) {
    const auto totalMicroSteps = parts_.batchesPerEpoch * (parts_.options.epochs - startEpoch);
    plannedMicroSteps_ = parts_.options.maxSteps > 0 ? std::min(parts_.options.maxSteps, totalMicroSteps) : totalMicroSteps;
}

data::LoaderOptions EpochTrainer::loaderOptions(int epoch) const {
    const auto& options = parts_.options;
    data::LoaderOptions loader;
    // As Ultralytics' build_dataloader: batch = min(batch, len(dataset)); a split smaller than --batch
    // is one partial batch per epoch, and no loader buffer is sized for images that do not exist.
    loader.batchSize = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(options.batch), parts_.trainSource->size()));
    loader.imageSizes = options.multiScale.empty() ? std::vector<int>{parts_.imgsz} : options.multiScale;
    loader.workers = options.workers;
    loader.shuffle = true;
    loader.seed = options.seed * 1000003u + static_cast<std::uint64_t>(epoch);  // a new order each epoch, the same on resume
    loader.dropLast = false;  // the last, partial batch trains too (eagerly, when graphed)
    loader.epochs = 1;
    loader.device = parts_.device;
    loader.augment = true;
    return loader;
}

void EpochTrainer::train(int epoch) {
    data::DataLoader loader(parts_.trainSource, loaderOptions(epoch),
                            [this](const std::string& line) { progress_ << "warning: " << line << "\n"; });
    std::int64_t batchInEpoch = 0;
    auto stepStarted = Clock::now();
    parts_.module.train();
    while (parts_.options.maxSteps <= 0 || report_.microSteps < parts_.options.maxSteps) {
        const auto waitStarted = Clock::now();
        auto batch = loader.next();
        report_.loaderWaitSeconds += std::chrono::duration<double>(Clock::now() - waitStarted).count();
        if (!batch) break;
        const double learningRate = parts_.schedule.at(report_.optimizerSteps);
        const auto result = trainBatch(*batch, learningRate);
        ++batchInEpoch;
        // The previous step's row is written now, while this step runs on the GPU (DeferredStepLog).
        rows_.write();
        const auto now = Clock::now();
        const double stepMs = std::chrono::duration<double, std::milli>(now - stepStarted).count();
        rows_.hold(result.loss, {epoch + 1, report_.optimizerSteps, 0.0, learningRate, stepMs, result.replayed});
        stepStarted = now;
        reportProgress(epoch, batchInEpoch, learningRate, now);
    }
    rows_.write();
    report_.nonFiniteLosses = rows_.nonFiniteLosses();
}

TrainingStep::Result EpochTrainer::trainBatch(const data::LoadedBatch& batch, double learningRate) {
    const auto& family = parts_.family;
    const auto images = families::normaliseImages(batch.images, family.task);
    families::TrainingLabels labels{batch.classes, batch.boxes};
    if (batch.masks.defined()) labels.masks = batch.masks.to(torch::kLong);
    const auto targets = family.trainingTargets(labels, images.size(0), static_cast<int>(images.size(2)));
    // The rate is set once per optimizer step, on the first micro-step of its window.
    if (report_.microSteps % parts_.options.accumulation == 0) parts_.optimizer.setLearningRate(learningRate);
    auto result = parts_.step.run(images, targets);
    ++report_.microSteps;
    if (result.optimizerStepped) ++report_.optimizerSteps;
    return result;
}

void EpochTrainer::reportProgress(int epoch, std::int64_t batchInEpoch, double learningRate, Clock::time_point now) {
    // At most once a second: reading the loss for the line waits for the step just enqueued.
    if (std::chrono::duration<double>(now - lastProgress_).count() < 1.0) return;
    lastProgress_ = now;
    ProgressLine state;  // steps counted as micro-steps (the loader's batches)
    state.epoch = epoch + 1;
    state.epochs = parts_.options.epochs;
    state.stepInEpoch = batchInEpoch;
    state.stepsPerEpoch = parts_.batchesPerEpoch;
    state.elapsedSeconds = std::chrono::duration<double>(Clock::now() - trainingStarted_).count();
    state.stepsDone = report_.microSteps;
    state.totalSteps = plannedMicroSteps_;
    state.loss = rows_.heldLoss();
    state.learningRate = learningRate;
    progress_ << formatProgressLine(state) << "\n";
}

}  // namespace graphlens::train
