// The numerics classes of verify --training on hand-made differences: exact, 1 ULP, float rounding, and
// `eager noise` up to twice eager's own run-to-run distance (the widest pair of three eager runs: one
// pair of a nondeterministic family is a noisy yardstick); beyond that, or any difference where eager
// runs agree exactly, `mismatch`.
#include "train/TrainingParity.h"

#include <catch2/catch.hpp>
#include <torch/torch.h>

#include <cmath>
#include <vector>

using namespace graphlens::train;

namespace {

TensorListDifference between(const torch::Tensor& a, const torch::Tensor& b) { return compareTensorLists({a}, {b}); }

}  // namespace

TEST_CASE("numerics classes: exact, 1 ULP, float rounding, eager noise within twice eager's spread, mismatch",
          "[train][numerics]") {
    const auto eager = torch::linspace(1, 2, 1000);
    const auto none = between(eager, eager);
    CHECK(classify(none, none) == NumericsClass::Exact);

    auto oneUlp = eager.clone();
    oneUlp[10] = std::nextafter(oneUlp[10].item<float>(), 3.0f);
    CHECK(classify(between(oneUlp, eager), none) == NumericsClass::OneUlp);

    auto rounding = eager.clone();
    rounding[10] += 1e-6;  // one element of 1000, 1e-6 of the largest value, several ULPs
    CHECK(classify(between(rounding, eager), none) == NumericsClass::FloatRounding);

    // A nondeterministic family: eager runs differ by 0.01 everywhere.
    const auto spread = between(eager + 0.01, eager);
    CHECK(classify(between(eager + 0.0105, eager), spread) == NumericsClass::EagerNoise);  // 1.05x: one more draw
    CHECK(classify(between(eager + 0.019, eager), spread) == NumericsClass::EagerNoise);
    CHECK(classify(between(eager + 0.021, eager), spread) == NumericsClass::Mismatch);    // beyond 2x
    // A deterministic family: eager runs agree exactly, so any wide difference is a mismatch.
    CHECK(classify(between(eager + 0.001, eager), none) == NumericsClass::Mismatch);
}

TEST_CASE("eager's spread is the widest pair of three eager runs, whichever pair that is", "[train][numerics]") {
    const auto first = torch::linspace(1, 2, 1000);
    const auto second = first + 0.001;
    const auto third = first - 0.004;  // furthest from second (0.005), then from first (0.004)
    const auto widest = widestSpread({first}, {second}, {third});
    CHECK(widest.maxAbs == Approx(0.005).epsilon(1e-3));
    CHECK(widest.differing == 1000);
    // Order does not matter; identical runs have no spread.
    CHECK(widestSpread({third}, {first}, {second}).maxAbs == Approx(0.005).epsilon(1e-3));
    CHECK(widestSpread({first}, {first}, {first}).maxAbs == 0);
    // The thin single pair (first, second) would have called a graphed run 0.004 away a mismatch.
    const auto graphed = between(first + 0.004, first);
    CHECK(classify(graphed, between(second, first)) == NumericsClass::Mismatch);
    CHECK(classify(graphed, widest) == NumericsClass::EagerNoise);
}

TEST_CASE("the graphed run is compared with the nearest eager run: one more draw of eager's spread, not of the first run",
          "[train][numerics]") {
    const auto base = torch::linspace(1, 2, 1000);
    auto shifted = [&](double by) {
        auto t = base.clone();
        t[3] += by;
        return std::vector<torch::Tensor>{t};
    };
    const auto eagerA = shifted(0.0), eagerB = shifted(1e-3), eagerC = shifted(2e-3);
    // A graphed draw beside the third eager run: far from the first (2.5e-3, beyond twice nothing),
    // near the third. Judged against the nearest, it is eager noise.
    const auto graphed = shifted(2.5e-3);
    const auto nearest = nearestDifference(graphed, eagerA, eagerB, eagerC);
    CHECK(nearest.maxAbs == Approx(5e-4).margin(1e-6));
    const auto spread = widestSpread(eagerA, eagerB, eagerC);
    CHECK(classify(nearest, spread) == NumericsClass::EagerNoise);
    // A graph that really differs is far from every eager run: still a mismatch.
    const auto wrong = shifted(0.5);
    CHECK(classify(nearestDifference(wrong, eagerA, eagerB, eagerC), spread) == NumericsClass::Mismatch);
}

TEST_CASE("eager noise is judged on the whole difference, not on its largest element", "[train][numerics]") {
    const auto eager = torch::linspace(1, 2, 1000);
    // Eager runs differ by about 0.01 everywhere, and one element of the widest pair by 0.03.
    auto other = eager + 0.01;
    other[7] += 0.02;
    const auto spread = widestSpread({eager}, {other}, {eager + 0.005});
    // A graphed run as far away overall, whose tail element lands at 0.08: its largest element is
    // beyond twice eager's (0.06), the difference as a whole is one more draw.
    auto graphed = eager + 0.01;
    graphed[500] += 0.07;
    const auto difference = between(graphed, eager);
    CHECK(difference.maxAbs > 2 * spread.maxAbs);
    CHECK(classify(difference, spread) == NumericsClass::EagerNoise);
    // Moved everywhere by three times eager's spread: a mismatch however its elements fall.
    CHECK(classify(between(eager + 0.03, eager), spread) == NumericsClass::Mismatch);
}
