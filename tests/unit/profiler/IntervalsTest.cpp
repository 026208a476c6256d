#include "profiler/Intervals.h"

#include <catch2/catch.hpp>

using namespace graphlens::profiler;

TEST_CASE("union length merges overlapping and touching intervals, ignores empty ones",
          "[profiler][intervals]") {
    CHECK(unionLength({}) == 0);
    CHECK(unionLength({{10, 20}}) == 10);
    CHECK(unionLength({{30, 40}, {10, 20}}) == 20);          // disjoint, out of order
    CHECK(unionLength({{10, 20}, {15, 25}}) == 15);          // overlap
    CHECK(unionLength({{10, 20}, {20, 30}}) == 20);          // touching
    CHECK(unionLength({{10, 50}, {20, 30}}) == 40);          // nested
    CHECK(unionLength({{10, 10}, {30, 20}, {1, 2}}) == 1);   // empty and reversed count as nothing
}

TEST_CASE("quantile interpolates linearly like numpy", "[profiler][intervals]") {
    CHECK(quantile({4.0, 1.0, 3.0, 2.0}, 0.5) == 2.5);
    CHECK(quantile({4.0, 1.0, 3.0, 2.0}, 0.9) == Approx(3.7));
    CHECK(quantile({5.0}, 0.9) == 5.0);
    CHECK(quantile({1.0, 9.0}, 2.0) == 9.0);
    CHECK_THROWS(quantile({}, 0.5));
}
