#include "fleet/PlanFile.h"
#include "fleet/PlanSplit.h"
#include "results/ResultsError.h"
#include "support/ScratchFolder.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

using namespace graphlens;
using fleet::PlanPoint;

namespace {

results::SweepPlan planOf(std::vector<std::string> phases, std::vector<std::string> formats, std::vector<int> batches) {
    results::SweepPlan plan;
    plan.family = "fomo-s";
    plan.precision = "fp32";
    plan.phases = std::move(phases);
    plan.memoryFormats = std::move(formats);
    plan.batches = std::move(batches);
    plan.steps = 7;
    plan.csv = "out.csv";
    plan.json = "out.json";
    plan.autosave = "out.jsonl";
    return plan;
}

std::string splitError(const results::SweepPlan& plan, int shards) {
    try {
        fleet::splitPlan(plan, shards);
    } catch (const results::ResultsError& error) {
        return error.what();
    }
    return "";
}

// Every point of the plan in exactly one shard, every shard a valid plan of its own.
void checkCoversOnce(const results::SweepPlan& plan, const std::vector<results::SweepPlan>& shards) {
    std::vector<PlanPoint> covered;
    for (const auto& shard : shards) {
        CHECK(results::validateSweepPlan(shard).empty());
        CHECK(shard.csv.empty());
        CHECK(shard.json.empty());
        CHECK(shard.autosave.empty());
        CHECK(shard.family == plan.family);
        CHECK(shard.steps == plan.steps);
        for (const auto& point : fleet::planPoints(shard)) covered.push_back(point);
    }
    auto want = fleet::planPoints(plan);
    REQUIRE(covered.size() == want.size());
    const auto order = [](const PlanPoint& a, const PlanPoint& b) {
        return std::tie(a.phase, a.memoryFormat, a.batch) < std::tie(b.phase, b.memoryFormat, b.batch);
    };
    std::sort(covered.begin(), covered.end(), order);
    std::sort(want.begin(), want.end(), order);
    CHECK(covered == want);
}

}  // namespace

TEST_CASE("Every split of a plan into N shards covers each point exactly once", "[fleet][split]") {
    const auto plan = planOf({"infer", "train"}, {"nchw", "channels_last"}, {1, 2, 4, 8, 16});
    REQUIRE(fleet::planPoints(plan).size() == 20);
    for (int shards = 1; shards <= 20; ++shards) {
        INFO(shards << " shards");
        const auto split = fleet::splitPlan(plan, shards);
        CHECK(split.size() == static_cast<std::size_t>(shards));
        checkCoversOnce(plan, split);
    }
}

TEST_CASE("Shards divide batch sizes first and are as even as the plan allows", "[fleet][split]") {
    const auto plan = planOf({"infer"}, {"nchw"}, {1, 2, 4, 8, 16});
    const auto split = fleet::splitPlan(plan, 3);
    REQUIRE(split.size() == 3);
    CHECK(split[0].batches == std::vector<int>{1, 2});
    CHECK(split[1].batches == std::vector<int>{4, 8});
    CHECK(split[2].batches == std::vector<int>{16});

    // More shards than batch sizes: each batch size's formats are divided.
    const auto formats = fleet::splitPlan(planOf({"infer"}, {"nchw", "channels_last"}, {1, 2}), 3);
    REQUIRE(formats.size() == 3);
    CHECK(formats[0].batches == std::vector<int>{1});
    CHECK(formats[0].memoryFormats == std::vector<std::string>{"nchw"});
    CHECK(formats[1].memoryFormats == std::vector<std::string>{"channels_last"});
    CHECK(formats[2].batches == std::vector<int>{2});
    CHECK(formats[2].memoryFormats == std::vector<std::string>{"nchw", "channels_last"});
}

TEST_CASE("A plan is not split more ways than it has points, nor fewer than one", "[fleet][split]") {
    const auto plan = planOf({"infer"}, {"nchw"}, {1, 8, 32});
    CHECK(splitError(plan, 4) == "the plan cannot be split 4 ways: it has 3 points (1 phase(s) x 1 memory format(s) "
                                 "x 3 batch size(s)), and a shard holds at least one");
    CHECK(splitError(plan, 0) == "--shards 0: expected 1 or more shards");
    CHECK(splitError(plan, -2) == "--shards -2: expected 1 or more shards");
    CHECK(splitError(plan, 3).empty());
}

TEST_CASE("Splitting by a dimension gives one shard per value", "[fleet][split]") {
    const auto plan = planOf({"infer", "train"}, {"nchw", "channels_last"}, {1, 8, 32});
    const auto byBatch = fleet::splitPlanBy(plan, "batch");
    REQUIRE(byBatch.size() == 3);
    CHECK(byBatch[1].batches == std::vector<int>{8});
    CHECK(byBatch[1].phases == plan.phases);
    checkCoversOnce(plan, byBatch);
    const auto byPhase = fleet::splitPlanBy(plan, "phase");
    REQUIRE(byPhase.size() == 2);
    CHECK(byPhase[1].phases == std::vector<std::string>{"train"});
    checkCoversOnce(plan, byPhase);
    const auto byFormat = fleet::splitPlanBy(plan, "memory-format");
    REQUIRE(byFormat.size() == 2);
    checkCoversOnce(plan, byFormat);
    // A plan names one family: one shard.
    const auto byFamily = fleet::splitPlanBy(plan, "family");
    REQUIRE(byFamily.size() == 1);
    checkCoversOnce(plan, byFamily);
    CHECK_THROWS_WITH(fleet::splitPlanBy(plan, "precision"),
                      "--by 'precision': expected family, batch, phase or memory-format");
}

TEST_CASE("A plan file that is not JSON is refused naming the file and line", "[fleet][split]") {
    testing::ScratchFolder folder("graphlens-fleet-plan");
    const auto path = folder / "plan.json";
    std::ofstream(path) << "{\"family\": \"fomo-s\",\n \"batches\": [1, 2,\n \"imgsz\": 32}\n";
    CHECK_THROWS_WITH(fleet::readSweepPlanFile(path), path.string() + ":3: not valid JSON");
    std::ofstream(path, std::ios::trunc) << "";
    CHECK_THROWS_WITH(fleet::readSweepPlanFile(path), path.string() + ":1: the file is empty");
    std::ofstream(path, std::ios::trunc) << "{\"family\": \"fomo-s\", \"batches\": [0]}";
    CHECK_THROWS_WITH(fleet::readSweepPlanFile(path), Catch::StartsWith(path.string() + ": batch size 0"));
    std::ofstream(path, std::ios::trunc) << "[1, 2]";
    CHECK_THROWS_WITH(fleet::readSweepPlanFile(path), path.string() + ": not a sweep plan (expected a JSON object)");
    std::ofstream(path, std::ios::trunc) << "{\"family\": \"fomo-s\", \"batches\": [1, 2]}";
    CHECK(fleet::readSweepPlanFile(path).batches == std::vector<int>{1, 2});
}
