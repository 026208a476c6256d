#include "train/DeferredStepLog.h"

#include <cmath>

namespace graphlens::train {

DeferredStepLog::DeferredStepLog(TrainingLog& log, std::ostream& progress, bool scalerSkipsOverflow)
    : log_(log), progress_(progress), scalerSkipsOverflow_(scalerSkipsOverflow) {}

void DeferredStepLog::hold(const torch::Tensor& loss, const TrainingLogRow& row) {
    write();
    loss_ = PendingLoss(loss);
    row_ = row;
}

void DeferredStepLog::write() {
    if (!loss_.defined()) return;
    auto row = row_;
    row.loss = loss_.value();
    if (!std::isfinite(row.loss)) {
        ++nonFiniteLosses_;
        progress_ << "warning: step " << row.step << ": loss is " << row.loss
                  << (scalerSkipsOverflow_ ? " (the gradient scaler skips this update and backs off)" : "") << "\n";
    }
    log_.append(row);
    loss_ = PendingLoss();
}

}  // namespace graphlens::train
