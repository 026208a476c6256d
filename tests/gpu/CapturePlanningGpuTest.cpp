// Capture planning on the GPU: the costs the planner measures (a sweep, then every shape captured into
// one pool) and replay-mix's request stream, through the one GraphRunner. What must hold whatever the
// timings: graphs captured after a larger one in a shared pool add less than their own pools, every
// planned graph is captured and replayed, requests past the largest captured batch run eagerly, and
// the measured pool is the set's.
#include "bench/FamilyResolver.h"
#include "bench/InferencePairs.h"
#include "bench/MixReplay.h"
#include "bench/PlanCosts.h"
#include "bench/PooledCapture.h"
#include "bench/SweepEvents.h"
#include "planning/CapturePlanner.h"
#include "planning/PoolModel.h"
#include "planning/ShapeCosts.h"

#include <catch2/catch.hpp>

using namespace graphlens;
using planning::RequestShape;

namespace {

struct SilentEvents : bench::SweepEvents {
    void progress(int, int, const std::string&, double) override {}
    void measurement(const results::Measurement&) override {}
    void log(const std::string&) override {}
    void warning(const std::string&) override {}
};

results::SweepPlan resnetPlan() {
    results::SweepPlan plan;
    plan.family = "resnet18";
    plan.precision = "fp16";
    plan.scope = "network";
    plan.steps = 6;
    plan.warmup = 2;
    plan.repeats = 1;
    plan.autosave = (std::filesystem::temp_directory_path() / "graphlens-plan-gpu-test.jsonl").string();
    return plan;
}

std::unique_ptr<bench::InferencePairs> resnetPairs(const families::Family& family, const results::SweepPlan& plan, int imgsz) {
    bench::InferencePairsSetup setup;
    setup.device = torch::Device(torch::kCUDA, 0);
    setup.dtype = torch::kHalf;
    setup.imgsz = imgsz;
    setup.graphsPossible = true;
    return std::make_unique<bench::InferencePairs>(family, plan, setup);
}

}  // namespace

TEST_CASE("the planner's costs: a sweep at the mix's shapes and a pooled capture whose graphs share one pool",
          "[cuda][planning]") {
    const auto plan = resnetPlan();
    SilentEvents events;
    const std::vector<RequestShape> shapes{{96, 1}, {96, 2}, {96, 4}, {96, 8}};
    const auto run = bench::measurePlanCosts(plan, shapes, events);
    REQUIRE(run.environment.contains(planning::kPooledCaptureKey));
    const auto& pooled = run.environment[planning::kPooledCaptureKey];
    REQUIRE(pooled.size() == 4 + 3 + 2 + 1);  // each shape as a base, with the smaller ones after it
    planning::CostSelection used;
    const planning::CostTable table(planning::costsFromSession(run.rows, run.environment, {}, &used));
    CHECK(used.family == "resnet18");
    CHECK(used.precision == "fp16");
    REQUIRE(table.graphable().size() == 4);
    REQUIRE(table.hasPooledIncrements());
    // The largest pool is captured first and is the base; the others add what a shared pool charges.
    CHECK(pooled[0]["batch"] == 8);
    CHECK(pooled[0]["base_batch"] == 8);
    const RequestShape largest{96, 8};
    double singles = 0, increments = 0;
    for (const auto& cost : table.costs()) {
        const auto increment = cost.incrementBeside(largest);
        REQUIRE(increment);
        INFO("batch " << cost.shape.batch << ": own pool " << *cost.poolMiB << " MiB, increment beside batch 8 "
                      << *increment << " MiB");
        CHECK(*cost.poolMiB > 0);
        CHECK(*increment >= 0);
        singles += *cost.poolMiB;
        increments += cost.shape == largest ? 0 : *increment;
    }
    increments += *table.find(largest)->poolMiB;
    CHECK(increments < singles);
    CHECK(planning::pooledMiB(table, table.graphable()) < singles);
}

TEST_CASE("replay-mix: requests pad up to a captured batch, past the largest run eagerly, the pool is the set's",
          "[cuda][planning]") {
    const auto plan = resnetPlan();
    const auto family = bench::resolveFamily(plan);
    auto pairs = resnetPairs(family, plan, 96);
    planning::RequestMix mix;
    mix.source = "test mix";
    mix.entries = {{{96, 1}, 3, 1}, {{96, 3}, 1, 2}, {{96, 16}, 1, 3}};
    bench::MixReplayOptions options;
    options.requests = 400;
    options.seed = 3;
    const auto result = bench::replayMix(*pairs, mix, {{96, 4}, {96, 1}}, options);
    CHECK(result.failedCaptures.empty());
    CHECK(result.captured == std::vector<RequestShape>{{96, 4}, {96, 1}});
    CHECK(result.requests == 400);
    CHECK(result.poolMiB > 0);
    CHECK(result.captureMs > 0);
    // One request in five asks for 16, which no captured batch holds: about 20% eager.
    CHECK(result.eagerRequestsPct > 10);
    CHECK(result.eagerRequestsPct < 30);
    REQUIRE(result.meanMsByShape.size() == 3);
    CHECK(result.meanMs > 0);
    CHECK(result.p50Ms <= result.p99Ms);
    CHECK(result.p99Ms <= result.maxMs);

    // The same set captured into a fresh pool by the pooled pass: the same pool to within the
    // allocator's rounding, since it is the same captures in the same order.
    const auto pooled = bench::capturePooled(*pairs, {{96, 4}, {96, 1}}, true);
    REQUIRE(pooled.failures.empty());
    CHECK(pooled.entries.size() == 2);
    CHECK(pooled.poolMiB({96, 4}) == Approx(result.poolMiB).epsilon(0.05));
}
