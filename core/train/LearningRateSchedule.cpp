#include "train/LearningRateSchedule.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace graphlens::train {

namespace {

void require(bool condition, const std::string& what) {
    if (!condition) {
        throw std::invalid_argument("LearningRateSchedule: " + what);
    }
}

}  // namespace

LearningRateSchedule::LearningRateSchedule(LearningRateScheduleOptions options) : options_(options) {
    const auto& o = options_;
    require(std::isfinite(o.baseLearningRate) && o.baseLearningRate > 0.0,
            "baseLearningRate must be positive, got " + std::to_string(o.baseLearningRate));
    require(std::isfinite(o.minLearningRate) && o.minLearningRate >= 0.0 &&
                o.minLearningRate <= o.baseLearningRate,
            "minLearningRate must lie in [0, baseLearningRate], got " + std::to_string(o.minLearningRate));
    require(o.totalSteps >= 1, "totalSteps must be at least 1, got " + std::to_string(o.totalSteps));
    require(o.warmupSteps >= 0, "warmupSteps must not be negative, got " + std::to_string(o.warmupSteps));
    // The cosine needs at least one step of its own, or the warm-up would end in a jump to minLr.
    require(o.warmupSteps < o.totalSteps, "warmupSteps (" + std::to_string(o.warmupSteps) +
                                              ") must be less than totalSteps (" +
                                              std::to_string(o.totalSteps) + ")");
    require(o.warmupStartFactor >= 0.0 && o.warmupStartFactor <= 1.0,
            "warmupStartFactor must lie in [0, 1], got " + std::to_string(o.warmupStartFactor));
}

double LearningRateSchedule::at(std::int64_t step) const {
    const auto& o = options_;
    const std::int64_t s = std::max<std::int64_t>(step, 0);
    if (s < o.warmupSteps) {
        const double progress = static_cast<double>(s) / static_cast<double>(o.warmupSteps);
        return o.baseLearningRate * (o.warmupStartFactor + (1.0 - o.warmupStartFactor) * progress);
    }
    if (s >= o.totalSteps) {
        return o.minLearningRate;
    }
    const double progress =
        static_cast<double>(s - o.warmupSteps) / static_cast<double>(o.totalSteps - o.warmupSteps);
    const double pi = std::acos(-1.0);
    return o.minLearningRate +
           (o.baseLearningRate - o.minLearningRate) * (1.0 + std::cos(pi * progress)) / 2.0;
}

}  // namespace graphlens::train
