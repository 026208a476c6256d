// The capture planner's optimiser against brute force: on small random cases (synthetic costs, made up
// for the test, not measurements) every subset of the graphable shapes is evaluated, and the plan's
// objective must equal the best subset's within the budget. Plus the pool model, the interpolation
// rule, the baselines, the curve and the errors a user can meet.
#include "planning/CapturePlanner.h"
#include "planning/PoolModel.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace graphlens::planning;

namespace {

RequestMix mixOf(const std::vector<std::pair<RequestShape, double>>& counts) {
    RequestMix mix;
    mix.source = "mix.txt";
    int line = 1;
    for (const auto& [shape, count] : counts) mix.entries.push_back({shape, count, line++});
    std::sort(mix.entries.begin(), mix.entries.end(), [](const MixEntry& a, const MixEntry& b) { return a.shape < b.shape; });
    return mix;
}

ShapeCost graphed(RequestShape shape, double eager, double graph, double pool, std::optional<double> increment,
                  double capture = 10) {
    ShapeCost cost;
    cost.shape = shape;
    cost.eagerMs = eager;
    cost.graphedMs = graph;
    cost.poolMiB = pool;
    cost.pooledIncrementMiB = increment;
    cost.captureMs = capture;
    return cost;
}

ShapeCost eagerOnly(RequestShape shape, double eager) {
    ShapeCost cost;
    cost.shape = shape;
    cost.eagerMs = eager;
    return cost;
}

struct Best {
    double mean = 0, p99 = 0;
    bool found = false;
};

Best bruteForce(const RequestMix& mix, const CostTable& table, double budget, Objective objective) {
    const auto shapes = table.graphable();
    Best best;
    for (unsigned mask = 0; mask < (1u << shapes.size()); ++mask) {
        std::vector<RequestShape> set;
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            if (mask & (1u << i)) set.push_back(shapes[i]);
        }
        const auto figures = evaluatePlan(mix, table, set);
        if (figures.poolMiB > budget + 1e-9) continue;
        const bool better = !best.found ||
                            (objective == Objective::Mean
                                 ? figures.meanMs < best.mean - 1e-12
                                 : figures.p99Ms < best.p99 - 1e-12 ||
                                       (figures.p99Ms <= best.p99 + 1e-12 && figures.meanMs < best.mean - 1e-12));
        if (better) best = {figures.meanMs, figures.p99Ms, true};
    }
    return best;
}

// A random small case: one image size with up to 8 measured batches or two with up to 5, some refused.
struct RandomCase {
    RequestMix mix;
    std::vector<ShapeCost> costs;
};

// Increments that depend on the pool's base, as measured on the GPU: beside a smaller base a graph
// adds more (fewer freed blocks to reuse).
void addIncrementsByBase(std::vector<ShapeCost>& costs, std::mt19937& rng) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (auto& cost : costs) {
        if (!cost.graphable()) continue;
        for (const auto& base : costs) {
            if (base.graphable() && capturedBefore(base, cost)) {
                cost.pooledIncrementMiBByBase[base.shape] = *cost.poolMiB * unit(rng) * (1.0 - 0.5 * *base.poolMiB / 100.0);
            }
        }
        cost.pooledIncrementMiB.reset();
    }
}

RandomCase randomCase(std::mt19937& rng, bool increments) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    RandomCase result;
    const int imageSizes = unit(rng) < 0.3 ? 2 : 1;
    std::vector<std::pair<RequestShape, double>> counts;
    for (int g = 0; g < imageSizes; ++g) {
        const int imgsz = imageSizes == 1 ? 0 : 320 * (g + 1);
        std::vector<int> batches{1};
        // At most 10 shapes in all, so brute force (2^10 subsets per budget) stays quick in a Debug build.
        const std::size_t most = imageSizes == 1 ? 8 : 5;
        for (int b = 2; b <= 48 && batches.size() < most; b += 1 + static_cast<int>(unit(rng) * 9)) batches.push_back(b);
        double eager = 0.5 + unit(rng);
        for (int batch : batches) {
            eager += 0.05 * batch * unit(rng) + 0.01;
            const RequestShape shape{imgsz, batch};
            if (unit(rng) < 0.15) {
                result.costs.push_back(eagerOnly(shape, eager));  // a refused capture
            } else {
                const double pool = 5 + batch * (1 + unit(rng)) + 10 * unit(rng);
                result.costs.push_back(graphed(shape, eager, eager * (0.2 + 0.9 * unit(rng)), pool,
                                               increments ? std::optional<double>(pool * unit(rng) * 0.5) : std::nullopt));
            }
            if (unit(rng) < 0.7) counts.push_back({shape, 1 + std::floor(unit(rng) * 50)});
            if (unit(rng) < 0.3 && batch > 1) counts.push_back({{imgsz, batch - 1}, 1 + std::floor(unit(rng) * 5)});
        }
    }
    if (counts.empty()) counts.push_back({result.costs.front().shape, 1});
    // Merge duplicate shapes, as the reader does.
    std::sort(counts.begin(), counts.end());
    std::vector<std::pair<RequestShape, double>> merged;
    for (const auto& entry : counts) {
        if (!merged.empty() && merged.back().first == entry.first) {
            merged.back().second += entry.second;
        } else {
            merged.push_back(entry);
        }
    }
    result.mix = mixOf(merged);
    return result;
}

}  // namespace

TEST_CASE("the plan is the best set within the budget, by brute force over every subset", "[planning][optimiser]") {
    std::mt19937 rng(20261204);
    int compared = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const bool increments = trial % 3 != 0;  // a third without pooled increments: the upper-bound model
        auto random = randomCase(rng, increments);
        if (trial % 3 == 1) addIncrementsByBase(random.costs, rng);  // a third with increments by base
        const CostTable table(random.costs);
        if (table.graphable().empty()) continue;
        double smallestPool = 1e300, everyPool = 0;
        for (const auto& shape : table.graphable()) {
            smallestPool = std::min(smallestPool, *table.find(shape)->poolMiB);
            everyPool += *table.find(shape)->poolMiB;
        }
        const double budget = smallestPool + std::uniform_real_distribution<double>(0, everyPool)(rng);
        for (const auto objective : {Objective::Mean, Objective::P99}) {
            INFO("trial " << trial << ", objective " << nameOf(objective) << ", budget " << budget);
            const auto plan = planCaptures(random.mix, table, budget, objective);
            const auto best = bruteForce(random.mix, table, budget, objective);
            REQUIRE(best.found);
            CHECK(plan.chosen.poolMiB <= budget + 1e-9);
            if (objective == Objective::Mean) {
                CHECK(plan.chosen.meanMs == Approx(best.mean).epsilon(1e-12).margin(1e-12));
            } else {
                CHECK(plan.chosen.p99Ms == Approx(best.p99).epsilon(1e-12).margin(1e-12));
                CHECK(plan.chosen.meanMs == Approx(best.mean).epsilon(1e-12).margin(1e-12));
            }
            ++compared;
        }
    }
    CHECK(compared > 300);
}

TEST_CASE("the budget curve falls as memory grows, starts with no graphs and ends at the unconstrained best",
          "[planning][optimiser]") {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 40; ++trial) {
        const auto random = randomCase(rng, true);
        const CostTable table(random.costs);
        if (table.graphable().empty()) continue;
        const auto plan = planCaptures(random.mix, table, 1e9, Objective::Mean);
        REQUIRE(!plan.curve.empty());
        CHECK(plan.curve.front().poolMiB == 0);
        CHECK(plan.curve.front().captured.empty());
        CHECK(plan.curve.front().meanMs == Approx(evaluatePlan(random.mix, table, {}).meanMs));
        for (std::size_t i = 1; i < plan.curve.size(); ++i) {
            CHECK(plan.curve[i].poolMiB > plan.curve[i - 1].poolMiB);
            CHECK(plan.curve[i].meanMs < plan.curve[i - 1].meanMs);
            // Each point is what its set costs.
            const auto figures = evaluatePlan(random.mix, table, plan.curve[i].captured);
            CHECK(figures.poolMiB == Approx(plan.curve[i].poolMiB));
            CHECK(figures.meanMs == Approx(plan.curve[i].meanMs));
        }
        CHECK(plan.curve.back().meanMs == Approx(plan.chosen.meanMs));
    }
}

TEST_CASE("a shared pool costs the largest graph's pool plus the others' increments, or an upper bound without them",
          "[planning][pool]") {
    const CostTable pooled({graphed({0, 1}, 1, 0.5, 40, 2), graphed({0, 8}, 2, 0.8, 120, 9), graphed({0, 4}, 1.5, 0.6, 70, 4)});
    CHECK(pooledMiB(pooled, {}) == 0);
    CHECK(pooledMiB(pooled, {{0, 4}}) == 70);
    CHECK(pooledMiB(pooled, {{0, 1}, {0, 8}, {0, 4}}) == 120 + 4 + 2);
    CHECK(captureOrder(pooled, {{0, 1}, {0, 8}, {0, 4}}) == std::vector<RequestShape>{{0, 8}, {0, 4}, {0, 1}});
    CHECK_FALSE(evaluatePlan(mixOf({{{0, 1}, 1}}), pooled, {{0, 1}, {0, 8}}).poolIsUpperBound);

    // Beside a smaller base a graph adds more: the increment by base wins over the base-less one.
    auto one = graphed({0, 1}, 1, 0.5, 40, 2);
    one.pooledIncrementMiBByBase[{0, 4}] = 11;
    const CostTable byBase({one, graphed({0, 8}, 2, 0.8, 120, 9), graphed({0, 4}, 1.5, 0.6, 70, 4)});
    CHECK(pooledMiB(byBase, {{0, 4}, {0, 1}}) == 70 + 11);
    CHECK(pooledMiB(byBase, {{0, 8}, {0, 1}}) == 120 + 2);
    bool upperBound = true;
    CHECK(pooledMiB(byBase, {{0, 8}, {0, 4}, {0, 1}}, &upperBound) == 120 + 4 + 2);
    CHECK_FALSE(upperBound);

    const CostTable single({graphed({0, 1}, 1, 0.5, 40, std::nullopt), graphed({0, 8}, 2, 0.8, 120, std::nullopt)});
    CHECK_FALSE(single.hasPooledIncrements());
    CHECK(pooledMiB(single, {{0, 1}, {0, 8}}) == 160);
    CHECK(evaluatePlan(mixOf({{{0, 1}, 1}}), single, {{0, 1}, {0, 8}}).poolIsUpperBound);
    CHECK_FALSE(evaluatePlan(mixOf({{{0, 1}, 1}}), single, {{0, 8}}).poolIsUpperBound);
}

TEST_CASE("a request pads up to the smallest captured batch that holds it, and runs eagerly past the largest",
          "[planning][figures]") {
    const CostTable table({graphed({0, 1}, 1.0, 0.4, 40, 2, 11), graphed({0, 4}, 1.2, 0.5, 60, 3, 12),
                           graphed({0, 8}, 1.6, 0.7, 90, 5, 13)});
    // 3 requests of 2 (pad to 4), 1 of 8 (eager: only 1 and 4 captured).
    const auto mix = mixOf({{{0, 2}, 3}, {{0, 8}, 1}});
    const auto eager2 = *table.eager({0, 2});
    CHECK(eager2.interpolated);
    CHECK(eager2.ms == Approx(1.0 + (1.2 - 1.0) / 3));
    const auto figures = evaluatePlan(mix, table, {{0, 1}, {0, 4}});
    CHECK(figures.meanMs == Approx(0.75 * 0.5 + 0.25 * 1.6));
    CHECK(figures.p99Ms == Approx(1.6));
    CHECK(figures.eagerRequestsPct == Approx(25));
    CHECK(figures.paddingWastePct == Approx(100.0 * (0.75 * 2) / (0.75 * 4 + 0.25 * 8)));
    CHECK(figures.poolMiB == 60 + 2);
    CHECK(figures.captureMs == 23);
    CHECK(figures.captured == std::vector<RequestShape>{{0, 4}, {0, 1}});
}

TEST_CASE("image sizes are planned apart: a request never pads to another image size", "[planning][figures]") {
    const CostTable table({graphed({320, 4}, 1, 0.3, 30, 3), graphed({640, 4}, 3, 0.9, 100, 10), graphed({640, 8}, 5, 1.5, 180, 15)});
    const auto mix = mixOf({{{320, 2}, 1}, {{640, 8}, 1}});
    REQUIRE(table.eager({320, 2}) == std::nullopt);  // below the measured range at 320 px
    CHECK_THROWS_WITH(evaluatePlan(mix, table, {}), Catch::Contains("mix.txt:1: batch 2 at 320 px has no measured cost") &&
                                                        Catch::Contains("measured batches (4)"));
    const auto fine = mixOf({{{320, 4}, 1}, {{640, 8}, 1}});
    const auto figures = evaluatePlan(fine, table, {{320, 4}, {640, 4}});
    CHECK(figures.eagerRequestsPct == Approx(50));  // 640x8 has no 640 graph that holds it
}

TEST_CASE("interpolation is called safe only where the measured curve is straight", "[planning][costs]") {
    const CostTable straight({eagerOnly({0, 1}, 1.0), eagerOnly({0, 2}, 1.1), eagerOnly({0, 4}, 1.3), eagerOnly({0, 8}, 1.7)});
    const auto three = *straight.eager({0, 3});
    CHECK(three.interpolated);
    CHECK(three.safe);
    CHECK(three.ms == Approx(1.2));
    const CostTable bent({eagerOnly({0, 1}, 1.0), eagerOnly({0, 2}, 1.1), eagerOnly({0, 4}, 3.0), eagerOnly({0, 8}, 3.2)});
    CHECK_FALSE(bent.eager({0, 3})->safe);
    CHECK(straight.eager({0, 16}) == std::nullopt);
    CHECK_FALSE(straight.eager({0, 4})->interpolated);

    const CostTable table({graphed({0, 1}, 1.0, 0.4, 40, 2), graphed({0, 2}, 1.1, 0.4, 41, 2), eagerOnly({0, 4}, 3.0),
                           graphed({0, 8}, 3.2, 1.0, 90, 5)});
    const auto plan = planCaptures(mixOf({{{0, 3}, 5}, {{0, 1}, 1}}), table, 1000, Objective::Mean);
    CHECK(std::any_of(plan.notes.begin(), plan.notes.end(), [](const std::string& note) {
        return note.find("eager cost of batch 3 interpolated where the measurements do not show a straight line") != std::string::npos;
    }));
    CHECK(std::any_of(plan.notes.begin(), plan.notes.end(), [](const std::string& note) {
        return note.find("batch 4 has no graphed step") != std::string::npos;
    }));
}

TEST_CASE("a budget below the smallest graph's pool recommends eager and names the pool", "[planning][bad-input]") {
    const CostTable table({graphed({0, 1}, 1, 0.4, 38.2, 2), graphed({0, 8}, 2, 0.8, 120, 9)});
    const auto mix = mixOf({{{0, 1}, 1}});
    CHECK_THROWS_WITH(planCaptures(mix, table, 20, Objective::Mean),
                      "no captured size fits in 20 MiB: the smallest graph (batch 1) needs 38.2 MiB in a pool of its own; "
                      "serve this mix eagerly, or give a budget of at least 39 MiB");
    CHECK_THROWS_AS(planCaptures(mix, table, -1, Objective::Mean), PlanError);
    const CostTable refused({eagerOnly({0, 1}, 1)});
    CHECK_THROWS_WITH(planCaptures(mix, refused, 100, Objective::Mean), Catch::Contains("serve this mix eagerly"));
    CHECK_THROWS_WITH(objectiveOf("median"), "objective 'median' (expected mean or p99)");
}

TEST_CASE("the baselines: no graphs, every measured size, powers of two and the vLLM-style list", "[planning][baselines]") {
    std::vector<ShapeCost> costs;
    for (int batch : {1, 2, 3, 4, 8, 16, 24}) costs.push_back(graphed({0, batch}, 1 + 0.1 * batch, 0.3 + 0.02 * batch, 10 + batch, 1));
    const CostTable table(costs);
    const auto mix = mixOf({{{0, 1}, 10}, {{0, 3}, 5}, {{0, 20}, 2}});
    const auto plan = planCaptures(mix, table, 1000, Objective::Mean);
    REQUIRE(plan.baselines.size() == 4);
    CHECK(plan.baselines[0].name == "no graphs");
    CHECK(plan.baselines[0].figures.captured.empty());
    CHECK(plan.baselines[0].figures.eagerRequestsPct == Approx(100));
    CHECK(plan.baselines[1].figures.captured.size() == 7);
    CHECK(plan.baselines[2].name == "powers of two");
    CHECK(captureOrder(table, plan.baselines[2].figures.captured) == plan.baselines[2].figures.captured);
    CHECK(plan.baselines[2].unmeasured == std::vector<std::string>{"32"});  // 1, 2, 4, 8, 16 measured; 32 holds 20
    CHECK(plan.baselines[3].name == "vLLM-style list");
    CHECK(plan.baselines[3].unmeasured.empty());  // 1, 2, 4, 8, 16, 24
    CHECK(plan.baselines[3].figures.captured.size() == 6);
    for (const auto& baseline : plan.baselines) CHECK(plan.chosen.meanMs <= baseline.figures.meanMs + 1e-12);
}

TEST_CASE("what the planner measures for a mix: its sizes when few, a 1.5x grid when many, and the baselines' members",
          "[planning][measure]") {
    std::vector<std::pair<RequestShape, double>> uniform;
    for (int batch = 1; batch <= 64; ++batch) uniform.push_back({{0, batch}, 100});
    std::vector<int> batches;
    for (const auto& shape : shapesToMeasure(mixOf(uniform))) batches.push_back(shape.batch);
    CHECK(batches == std::vector<int>{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 40, 48, 56, 64});
    batches.clear();
    for (const auto& shape : shapesToMeasure(mixOf({{{0, 1}, 7}, {{0, 32}, 3}}))) batches.push_back(shape.batch);
    CHECK(batches == std::vector<int>{1, 2, 4, 8, 16, 24, 32});
    const auto detector = shapesToMeasure(mixOf({{{640, 3}, 1}, {{320, 1}, 1}}));
    CHECK(detector == std::vector<RequestShape>{{320, 1}, {640, 1}, {640, 2}, {640, 3}, {640, 4}});
}
