#include "results/ProfilerOverhead.h"

#include <catch2/catch.hpp>

using graphlens::results::describeOverhead;
using graphlens::results::profilerOverhead;

TEST_CASE("profilerOverhead: profiled against the same steps unprofiled, with its interval", "[results][overhead]") {
    const std::vector<double> unprofiled{1.00, 1.02, 0.98, 1.01, 0.99, 1.00, 1.03, 0.97};
    const std::vector<double> profiled{1.20, 1.22, 1.18, 1.21, 1.19, 1.20, 1.23, 1.17};
    const auto overhead = profilerOverhead(profiled, unprofiled);
    REQUIRE(overhead);
    CHECK(overhead->pct == Approx(20.0));
    CHECK(overhead->lowPct <= overhead->pct);
    CHECK(overhead->highPct >= overhead->pct);
    CHECK(overhead->lowPct > 10.0);   // a clear 20%: the interval stays well away from 0
    CHECK(overhead->highPct < 30.0);
}

TEST_CASE("profilerOverhead: noise shows as an interval across zero, not as a figure", "[results][overhead]") {
    // The same distribution on both sides, shuffled: whatever the medians say, 0 lies inside.
    const std::vector<double> a{1.0, 1.3, 0.8, 1.1, 0.9, 1.2, 0.7, 1.0, 1.25, 0.85};
    const std::vector<double> b{0.9, 1.0, 1.2, 0.8, 1.3, 0.7, 1.1, 1.0, 0.85, 1.25};
    const auto overhead = profilerOverhead(a, b);
    REQUIRE(overhead);
    CHECK(overhead->lowPct < 0.0);
    CHECK(overhead->highPct > 0.0);
}

TEST_CASE("profilerOverhead: absent without both samples or with a non-positive reference", "[results][overhead]") {
    CHECK_FALSE(profilerOverhead({}, {1.0}));
    CHECK_FALSE(profilerOverhead({1.0}, {}));
    CHECK_FALSE(profilerOverhead({1.0}, {0.0, 0.0}));
}

TEST_CASE("describeOverhead: never a bare figure, and an interval across zero says it is noise", "[results][overhead]") {
    CHECK(describeOverhead(14.04, 5.2, 22.94) == "+14.0% (95% interval +5.2% to +22.9%)");
    CHECK(describeOverhead(-24.8, -40.0, 3.5) == "-24.8% (95% interval -40.0% to +3.5%, within the step's noise)");
    CHECK(describeOverhead(8.0, std::nullopt, std::nullopt) == "+8.0% (against another process, no interval)");
}
