// Warm-up then cosine: the documented values at the start and end of the warm-up, the cosine's
// midpoint and end, beyond the run, and the options refused with a message naming the problem.
#include "train/LearningRateSchedule.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace graphlens::train;

namespace {

// base 0.1, min 0.001, 10 warm-up steps from 0.1 * base, cosine over steps 10..110.
LearningRateScheduleOptions typical() {
    LearningRateScheduleOptions options;
    options.baseLearningRate = 0.1;
    options.minLearningRate = 0.001;
    options.warmupSteps = 10;
    options.warmupStartFactor = 0.1;
    options.totalSteps = 110;
    return options;
}

}  // namespace

TEST_CASE("the warm-up rises linearly from f * base to base", "[train]") {
    const LearningRateSchedule schedule(typical());
    CHECK(schedule.at(0) == Approx(0.01));                     // f * base
    CHECK(schedule.at(5) == Approx(0.1 * (0.1 + 0.9 * 0.5)));  // halfway
    CHECK(schedule.at(10) == Approx(0.1));                     // end of warm-up: base
    CHECK(schedule.at(-3) == Approx(schedule.at(0)));          // before the run: its start
}

TEST_CASE("the cosine falls from base to min", "[train]") {
    const LearningRateSchedule schedule(typical());
    CHECK(schedule.at(60) == Approx((0.1 + 0.001) / 2));  // midpoint: cos(pi/2) = 0
    CHECK(schedule.at(109) > 0.001);
    CHECK(schedule.at(109) < schedule.at(108));
    CHECK(schedule.at(110) == Approx(0.001));     // end of the run
    CHECK(schedule.at(100000) == Approx(0.001));  // beyond it
    for (std::int64_t step = 11; step <= 110; ++step) {
        CHECK(schedule.at(step) < schedule.at(step - 1));
    }
}

TEST_CASE("without warm-up the first step gets the base rate", "[train]") {
    auto options = typical();
    options.warmupSteps = 0;
    options.totalSteps = 4;
    const LearningRateSchedule schedule(options);
    CHECK(schedule.at(0) == Approx(0.1));
    CHECK(schedule.at(2) == Approx(0.0505));
    CHECK(schedule.at(4) == Approx(0.001));
}

TEST_CASE("invalid schedule options throw with the reason", "[train]") {
    auto with = [](auto change) {
        auto options = typical();
        change(options);
        return options;
    };
    using O = LearningRateScheduleOptions;
    CHECK_THROWS_WITH(LearningRateSchedule(with([](O& o) { o.warmupSteps = -1; })),
                      Catch::Contains("warmupSteps"));
    CHECK_THROWS_WITH(LearningRateSchedule(with([](O& o) { o.warmupSteps = 110; })),
                      Catch::Contains("less than totalSteps"));
    CHECK_THROWS_WITH(LearningRateSchedule(with([](O& o) { o.totalSteps = 0; })),
                      Catch::Contains("totalSteps"));
    CHECK_THROWS_WITH(LearningRateSchedule(with([](O& o) { o.baseLearningRate = 0.0; })),
                      Catch::Contains("baseLearningRate"));
    CHECK_THROWS_WITH(LearningRateSchedule(with([](O& o) { o.minLearningRate = 0.2; })),
                      Catch::Contains("minLearningRate"));
    CHECK_THROWS_WITH(LearningRateSchedule(with([](O& o) { o.warmupStartFactor = 1.5; })),
                      Catch::Contains("warmupStartFactor"));
    CHECK_THROWS_AS(LearningRateSchedule(with([](O& o) { o.warmupSteps = -1; })), std::invalid_argument);
}
