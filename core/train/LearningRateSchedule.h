#pragma once
// Linear warm-up then cosine decay, a pure function of the optimizer step (so a resumed run gets the
// same rate as an uninterrupted one): lr(s) = base * (f + (1 - f) * s / warmup) for s < warmup, then
// minLr + (base - minLr) * (1 + cos(pi * (s - warmup) / (total - warmup))) / 2, and minLr from total on.
#include <cstdint>

namespace graphlens::train {

struct LearningRateScheduleOptions {
    double baseLearningRate = 0.01;
    double minLearningRate = 0.0;
    std::int64_t warmupSteps = 0;
    double warmupStartFactor = 0.1;  // f
    std::int64_t totalSteps = 1;     // optimizer steps of the whole run
};

class LearningRateSchedule {
public:
    explicit LearningRateSchedule(LearningRateScheduleOptions options);  // throws std::invalid_argument
    double at(std::int64_t step) const;
    const LearningRateScheduleOptions& options() const { return options_; }

private:
    LearningRateScheduleOptions options_;
};

}  // namespace graphlens::train
