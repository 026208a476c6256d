#pragma once
// One epoch of `graphlens-cli train` at a time: a fresh loader over the train split (shuffled per
// epoch, augmented, the last partial batch included), each batch through the training step at the
// schedule's learning rate, a log row per micro-step and a progress line at most once a second.
// The run's counters (steps, loader wait, non-finite losses) are kept in its TrainingReport.
#include "families/Family.h"
#include "train/CapturableOptimizer.h"
#include "train/DeferredStepLog.h"
#include "train/LearningRateSchedule.h"
#include "train/TrainOptions.h"
#include "train/Trainer.h"
#include "train/TrainingStep.h"

#include <torch/nn/module.h>
#include <torch/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <ostream>

namespace graphlens::data {
class SampleSource;
struct LoadedBatch;
struct LoaderOptions;
}  // namespace graphlens::data

namespace graphlens::train {

class EpochTrainer {
public:
    // What every epoch trains with; the run owns it all, and it outlives the trainer.
    struct Parts {
        const TrainOptions& options;
        const families::Family& family;
        torch::Device device;
        int imgsz;
        std::shared_ptr<const data::SampleSource> trainSource;
        std::int64_t batchesPerEpoch;
        const LearningRateSchedule& schedule;
        torch::nn::Module& module;
        CapturableOptimizer& optimizer;
        TrainingStep& step;
    };

    // startEpoch: the first epoch this run trains (after a resume, the checkpoint's). The ETA
    // counts from here.
    EpochTrainer(Parts parts, DeferredStepLog& rows, int startEpoch, TrainingReport& report, std::ostream& progress);

    // Trains epoch `epoch` (0-based) to its end, or until the run has taken --max-steps micro-steps.
    // Every row of the epoch is written when it returns.
    void train(int epoch);

private:
    using Clock = std::chrono::steady_clock;

    data::LoaderOptions loaderOptions(int epoch) const;
    // Targets from the batch's labels, the learning rate at an accumulation window's start, one
    // micro-step; the report counts it.
    TrainingStep::Result trainBatch(const data::LoadedBatch& batch, double learningRate);
    void reportProgress(int epoch, std::int64_t batchInEpoch, double learningRate, Clock::time_point now);

    Parts parts_;
    DeferredStepLog& rows_;
    TrainingReport& report_;
    std::ostream& progress_;
    std::int64_t plannedMicroSteps_;  // micro-steps this run will take (the ETA's total)
    Clock::time_point trainingStarted_ = Clock::now();
    Clock::time_point lastProgress_ = trainingStarted_;
};

}  // namespace graphlens::train
