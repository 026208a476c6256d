#pragma once
// The training step the sweep times (DESIGN §3), in both arms on the same real batch:
//   data       the batch's uint8 images and labels, in pinned host memory, copied to the device,
//              normalised, and turned into the family's fixed-shape targets (the loader's decode
//              and augmentation are excluded: they are the same work in both arms)
//   forward, loss, backward, optimizer
//              train::TrainingStep's phases (eager arm: everything eager; network scope: forward
//              and backward replayed; step scope: one `replay` phase for the whole step)
// Both arms train one network with one optimizer and scaler, so the graphed arm replays against
// the optimizer state the eager arm left, as a training run that turns graphs on mid-run would.
#include "bench/BenchmarkBatch.h"
#include "bench/TimedStep.h"
#include "families/Family.h"
#include "train/TrainingStep.h"

#include <torch/types.h>

namespace graphlens::bench {

class TrainingSweepStep final : public TimedStep {
public:
    // `graphed` may be null when the graphed arm is not run.
    TrainingSweepStep(train::TrainingStep& eager, train::TrainingStep* graphed, const families::Family& family,
                      HostTrainingBatch host, torch::Device device);

    void run(Arm arm, profiler::PhaseObserver& observer) override;
    void runData(profiler::PhaseObserver& observer) override { (void)upload(observer); }
    // The graphed arm captures on a shape's third sighting, as a training run does: inside the
    // graphed warm-up, so prepareGraphed has nothing to do.
    bool hasGraphedArm() const override { return graphed_ != nullptr; }
    void requireReplaying() const override;
    GraphedArmFigures graphedFigures() const override;

private:
    struct DeviceInputs {
        torch::Tensor images, targets;
    };
    // The data phase: the batch to the device, normalised, and its targets.
    DeviceInputs upload(profiler::PhaseObserver& observer);

    train::TrainingStep& eager_;
    train::TrainingStep* graphed_;
    const families::Family& family_;
    HostTrainingBatch host_;
    HostTrainingBatch device_;  // the same tensors on the device, refilled every step
};

}  // namespace graphlens::bench
