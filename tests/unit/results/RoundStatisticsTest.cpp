#include "results/RoundStatistics.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace graphlens::results;

using Rounds = std::vector<std::vector<double>>;

TEST_CASE("summariseRounds: median of round medians, min and p90 over all steps, spread and IQR",
          "[results][stats][rounds]") {
    // Round medians 2.5, 4, 4 (the empty round is ignored) -> median 4.
    // All 9 steps sorted: 1 2 2 3 3 4 4 5 6 -> p90 at rank 7.2 = 5.2.
    // IQRs: {1,2,3,4}: 3.25 - 1.75 = 1.5 (60% of 2.5); {2,4,6}: 5 - 3 = 2 (50% of 4);
    //       {3,5}: 4.5 - 3.5 = 1 (25% of 4).
    const auto s = summariseRounds({{4, 1, 3, 2}, {2, 4, 6}, {}, {5, 3}});
    CHECK(s.steps == 9);
    CHECK(s.rounds == 3);
    CHECK(s.median == 4.0);
    CHECK(s.min == 1.0);
    CHECK(s.p90 == Approx(5.2));
    CHECK(s.roundMedianMin == 2.5);
    CHECK(s.roundMedianMax == 4.0);
    CHECK(s.roundSpreadPct == Approx(37.5));  // 100 * (4 - 2.5) / 4
    CHECK(s.maxIqrPct == Approx(60.0));
    // Resampling the three round medians: the median of three draws is 2.5 only when two or more
    // draws are 2.5 (probability 7/27 > 2.5%), otherwise 4 -> the interval is exactly [2.5, 4].
    CHECK(s.ciLow == 2.5);
    CHECK(s.ciHigh == 4.0);
}

TEST_CASE("summariseRounds counts a round as one sample, however many steps it has",
          "[results][stats][rounds]") {
    // 100 fast steps in one round, one slow step in each of two others: the step median would be
    // 1.0, the median of round medians is 2.0.
    const Rounds rounds{std::vector<double>(100, 1.0), {2.0}, {2.0}};
    const auto s = summariseRounds(rounds);
    CHECK(s.steps == 102);
    CHECK(s.median == 2.0);
    CHECK(s.min == 1.0);
    CHECK(s.roundSpreadPct == Approx(50.0));
    CHECK(s.maxIqrPct == 0.0);
    CHECK(s.ciLow == 1.0);  // P(two or more draws of the 1.0 round) = 7/27
    CHECK(s.ciHigh == 2.0);
    // Seeded: the same rounds give the same interval.
    const auto again = summariseRounds(rounds);
    CHECK(again.ciLow == s.ciLow);
    CHECK(again.ciHigh == s.ciHigh);
}

TEST_CASE("summariseRounds with one round falls back to the step bootstrap",
          "[results][stats][rounds]") {
    const std::vector<double> steps{1, 2, 3, 4, 5};
    const auto s = summariseRounds({{}, steps, {}});
    CHECK(s.steps == 5);
    CHECK(s.rounds == 1);
    CHECK(s.median == 3.0);
    CHECK(s.p90 == Approx(4.6));
    CHECK(s.roundSpreadPct == 0.0);
    CHECK(s.maxIqrPct == Approx(100.0 * (4.0 - 2.0) / 3.0));
    const auto stepInterval = bootstrapMedianInterval(steps);
    CHECK(s.ciLow == stepInterval.low);
    CHECK(s.ciHigh == stepInterval.high);
    // The steps spread, so the interval is not a point (it would be with one round median).
    CHECK(s.ciLow < 3.0);
    CHECK(s.ciHigh > 3.0);
}

TEST_CASE("summariseRounds: no step at all is an error, zero times give 0%, not NaN",
          "[results][stats][rounds]") {
    CHECK_THROWS_AS(summariseRounds({}), std::invalid_argument);
    CHECK_THROWS_AS(summariseRounds({{}, {}}), std::invalid_argument);
    CHECK_THROWS_AS(roundMedians({{}}), std::invalid_argument);
    const auto zeros = summariseRounds({{0, 0}, {0}});
    CHECK(zeros.median == 0.0);
    CHECK(zeros.roundSpreadPct == 0.0);
    CHECK(zeros.maxIqrPct == 0.0);
    CHECK(roundMedians({{3, 1, 2}, {}, {7, 8}}) == std::vector<double>{2.0, 7.5});
}

TEST_CASE("bootstrapRoundRatioInterval resamples round medians of each arm",
          "[results][stats][rounds]") {
    // Round medians: eager 2, 2, 2; graphed 1, 1, 1. The steps spread, the round medians do not,
    // so resampling rounds gives exactly 2 while resampling steps would not.
    const Rounds eager{{1, 3}, {2}, {2, 2, 2}};
    const Rounds graphed{{0.5, 1.5}, {1}, {}, {1}};
    const auto exact = bootstrapRoundRatioInterval(eager, graphed);
    CHECK(exact.low == 2.0);
    CHECK(exact.high == 2.0);

    // Graphed round medians 1, 1, 2: a resampled median is 2 with probability 7/27, so the ratio
    // 2 / median is 1 or 2 and the interval is [1, 2].
    const auto spread = bootstrapRoundRatioInterval(eager, {{1}, {1}, {2}});
    CHECK(spread.low == 1.0);
    CHECK(spread.high == 2.0);
}

TEST_CASE("bootstrapRoundRatioInterval falls back to the step bootstrap when an arm has one round",
          "[results][stats][rounds]") {
    const std::vector<double> eagerSteps{2.0, 2.2, 2.4, 2.1};
    const std::vector<double> graphedSteps{1.0, 1.1, 1.2};
    const auto single = bootstrapRoundRatioInterval({eagerSteps}, {{}, graphedSteps});
    const auto expected = bootstrapRatioInterval(eagerSteps, graphedSteps);
    CHECK(single.low == expected.low);
    CHECK(single.high == expected.high);

    // Several eager rounds but one graphed round: all steps of each arm, pooled.
    const auto mixed = bootstrapRoundRatioInterval({{2.0, 2.2}, {2.4, 2.1}}, {graphedSteps});
    CHECK(mixed.low == expected.low);
    CHECK(mixed.high == expected.high);

    CHECK_THROWS_AS(bootstrapRoundRatioInterval({{}}, {graphedSteps}), std::invalid_argument);
    CHECK_THROWS_AS(bootstrapRoundRatioInterval({eagerSteps}, {}), std::invalid_argument);
}

TEST_CASE("unsteady: round spread strictly above the threshold", "[results][stats][rounds]") {
    RoundSummary s;
    s.roundSpreadPct = 10.0;
    CHECK_FALSE(unsteady(s));
    s.roundSpreadPct = 10.5;
    CHECK(unsteady(s));
    CHECK_FALSE(unsteady(s, 20.0));
    // Within-round noise above the threshold is unsteady too, even when the rounds agree.
    s.roundSpreadPct = 2.0;
    s.maxIqrPct = 40.0;
    CHECK(unsteady(s));
    CHECK_THAT(unsteadyWarning("fomo-s batch 8 eager", s),
               Catch::StartsWith("fomo-s batch 8 eager: steps within a round spread 40% of their median"));
    s.maxIqrPct = 9.0;
    CHECK_FALSE(unsteady(s));
}

TEST_CASE("unsteadyWarning names the row, the spread, the threshold and the round medians",
          "[results][stats][rounds]") {
    // Round medians 0.93, 1.0, 1.07: median 1.0, spread 14%.
    const auto s = summariseRounds({{0.93}, {1.0}, {1.07}});
    CHECK(unsteadyWarning("resnet18 batch 1 eager", s) ==
          "resnet18 batch 1 eager: round medians spread 14% (> 10%) over 3 rounds (0.93 to 1.07 ms); "
          "the machine was not steady (other GPU work, clocks or heat): treat this median with "
          "care, or rerun with more --repeats on an idle GPU");
    CHECK(unsteadyWarning("resnet18 batch 1 eager", s, 15.0).empty());

    // One decimal where it matters; whole milliseconds from 100 ms. Medians 100, 120, 140: 33.3%.
    const auto slow = summariseRounds({{100}, {120}, {140}});
    CHECK(unsteadyWarning("vit_b_16 batch 256 graphed", slow, 12.5)
              .rfind("vit_b_16 batch 256 graphed: round medians spread 33.3% (> 12.5%) over 3 "
                     "rounds (100 to 140 ms); ",
                     0) == 0);
    CHECK(unsteadyWarning("steady", summariseRounds({{1.0}, {1.05}})).empty());
}
