#pragma once
// A training step's log row, written one step late. The loop enqueues step N+1 before it writes
// step N's row: N's loss is then on its way to the host (PendingLoss) and reading it waits for N
// only, never for the step just enqueued. A non-finite loss is warned about as its row is written.
#include "train/PendingLoss.h"
#include "train/TrainingLog.h"

#include <torch/types.h>

#include <cstdint>
#include <ostream>

namespace graphlens::train {

class DeferredStepLog {
public:
    // scalerSkipsOverflow: the gradient scaler is on, so the warning says it skips that update.
    DeferredStepLog(TrainingLog& log, std::ostream& progress, bool scalerSkipsOverflow);

    // Starts the copy of this step's loss and keeps its row (whose loss is filled in on write);
    // a row still held is written first.
    void hold(const torch::Tensor& loss, const TrainingLogRow& row);
    // Writes the held row, if any (waits for its step); then nothing is held.
    void write();
    // The held step's loss (waits for its step). Only while a row is held.
    double heldLoss() const { return loss_.value(); }
    std::int64_t nonFiniteLosses() const { return nonFiniteLosses_; }

private:
    TrainingLog& log_;
    std::ostream& progress_;
    bool scalerSkipsOverflow_;
    PendingLoss loss_;
    TrainingLogRow row_;
    std::int64_t nonFiniteLosses_ = 0;
};

}  // namespace graphlens::train
