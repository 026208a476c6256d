#include "results/Statistics.h"

#include <catch2/catch.hpp>

using namespace graphlens::results;

TEST_CASE("median, minimum and quantile follow numpy's linear interpolation", "[results][stats]") {
    const std::vector<double> samples{4.0, 1.0, 3.0, 2.0};
    CHECK(median(samples) == Approx(2.5));
    CHECK(minimum(samples) == 1.0);
    CHECK(quantile(samples, 0.9) == Approx(3.7));
    CHECK(quantile({5.0}, 0.9) == 5.0);
    CHECK_THROWS(median({}));
}

TEST_CASE("bootstrap ratio interval brackets the ratio of medians", "[results][stats]") {
    std::vector<double> eager, graphed;
    for (int i = 0; i < 40; ++i) {
        eager.push_back(2.0 + 0.01 * (i % 7));
        graphed.push_back(1.0 + 0.01 * (i % 5));
    }
    const double ratio = median(eager) / median(graphed);
    const auto interval = bootstrapRatioInterval(eager, graphed);
    CHECK(interval.low <= ratio);
    CHECK(interval.high >= ratio);
    CHECK(interval.high - interval.low < 0.1);
    // Seeded: the same inputs give the same interval.
    const auto again = bootstrapRatioInterval(eager, graphed);
    CHECK(again.low == interval.low);
    CHECK(again.high == interval.high);
}

TEST_CASE("quantile clamps q, handles odd counts and does not reorder the caller's data",
          "[results][stats]") {
    const std::vector<double> samples{9.0, 1.0, 5.0};
    CHECK(median(samples) == 5.0);
    CHECK(quantile(samples, 0.0) == 1.0);
    CHECK(quantile(samples, 1.0) == 9.0);
    CHECK(quantile(samples, -3.0) == 1.0);
    CHECK(quantile(samples, 7.0) == 9.0);
    CHECK(quantile(samples, 0.25) == Approx(3.0));
    CHECK(samples == std::vector<double>{9.0, 1.0, 5.0});
    CHECK_THROWS(minimum({}));
    CHECK_THROWS(quantile({}, 0.5));
}

TEST_CASE("bootstrap median interval brackets the median and is seeded", "[results][stats]") {
    std::vector<double> samples;
    for (int i = 0; i < 31; ++i) samples.push_back(1.0 + 0.001 * ((i * 7) % 31));
    const auto interval = bootstrapMedianInterval(samples);
    CHECK(interval.low <= median(samples));
    CHECK(interval.high >= median(samples));
    CHECK(interval.low >= minimum(samples));
    CHECK(interval.high <= quantile(samples, 1.0));
    const auto again = bootstrapMedianInterval(samples);
    CHECK(again.low == interval.low);
    CHECK(again.high == interval.high);
    const auto constant = bootstrapMedianInterval({2.5, 2.5, 2.5});
    CHECK(constant.low == 2.5);
    CHECK(constant.high == 2.5);
    CHECK_THROWS(bootstrapMedianInterval({}));
    CHECK_THROWS(bootstrapRatioInterval({1.0}, {}));
}
