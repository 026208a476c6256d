// The sweep on a machine without a GPU: eager rows are measured on the CPU, graphed rows say why
// they were skipped, every row reaches the autosave, and bad plans are refused before any work.
#include "RecordingSweepEvents.h"
#include "bench/BuildFacts.h"
#include "bench/SweepEvents.h"
#include "bench/ProfiledPass.h"
#include "bench/SweepSession.h"
#include "graphlens/config.h"
#include "results/BuildType.h"
#include "results/JsonlAutosave.h"
#include "results/MeasurementCsv.h"
#include "results/Session.h"
#include "support/Skip.h"

#include <catch2/catch.hpp>
#include <torch/cuda.h>

#include <filesystem>
#include <random>

using namespace graphlens;
namespace fs = std::filesystem;

namespace {

using RecordingEvents = testing::RecordingSweepEvents;

fs::path freshFolder() {
    auto folder = fs::temp_directory_path() / ("graphlens-unit-" + std::to_string(std::random_device{}()));
    fs::create_directories(folder);
    return folder;
}

results::SweepPlan smallPlan(const fs::path& folder) {
    results::SweepPlan plan;
    plan.batches = {1, 2};
    plan.imgsz = 32;
    plan.precision = "fp32";
    plan.steps = 3;
    plan.warmup = 1;
    plan.csv = (folder / "rows.csv").string();
    plan.json = (folder / "session.json").string();
    return plan;
}

}  // namespace

TEST_CASE("CPU sweep measures the eager arm and skips the graphed arm with a reason", "[sweep]") {
    if (torch::cuda::is_available()) GRAPHLENS_SKIP("this machine has a CUDA device; the case is about the CPU");
    const auto folder = freshFolder();
    const auto plan = smallPlan(folder);
    RecordingEvents events;
    const auto result = bench::runSweepSession(plan, events);
    CHECK(result.exitCode == 0);
    CHECK(result.rows == 4);
    CHECK(events.lastDone == events.lastTotal);
    REQUIRE(events.rows.size() == 4);
    for (const auto& row : events.rows) {
        CAPTURE(row.batch, row.arm);
        CHECK(row.device == "cpu");
        CHECK(row.graphlens_version == GRAPHLENS_VERSION);  // the project's version, in every export below
        CHECK(row.build_type == bench::buildTypeLabel());   // and how it was built: Debug figures get flagged
        if (row.arm == "eager") {
            CHECK(row.status == "ok");
            CHECK(row.steps == plan.steps * plan.repeats);
            CHECK(*row.step_ms_min <= *row.step_ms_median);
            CHECK(*row.step_ms_median <= *row.step_ms_p90);
            CHECK_FALSE(row.vram_peak_reserved_mb.has_value());
        } else {
            CHECK(row.status == "skipped");
            CHECK(row.message.find("CUDA graphs need a CUDA device") != std::string::npos);
        }
    }
    // Every export says the same as the live events.
    // Extra parentheses: Catch cannot print a vector of rows, so compare without decomposing.
    CHECK((results::readCsv(plan.csv) == events.rows));
    CHECK((results::readSession(plan.json).rows == events.rows));
    CHECK((results::readJsonlAutosave(result.outputs.front()).rows == events.rows));
    // The session's environment records the build the rows name (this test binary's own, Debug in dev).
    const auto environment = results::readSession(plan.json).environment;
    CHECK(results::buildTypeOf(environment, {}) == bench::buildTypeLabel());
    CHECK(environment.at("build_optimized").is_boolean());
    CHECK(environment.at("build_assertions").is_boolean());
    CHECK_FALSE(environment.at("compiler").get<std::string>().empty());
#if defined(__GNUC__) && !defined(__OPTIMIZE__)
    CHECK(results::isUnrepresentativeBuild(bench::buildTypeLabel()));  // an -O0 engine is flagged, whatever its name
#endif
    fs::remove_all(folder);
}

TEST_CASE("bad plans are refused before any work and nothing is written", "[sweep]") {
    const auto folder = freshFolder();
    auto plan = smallPlan(folder);
    RecordingEvents events;

    auto unknown = plan;
    unknown.family = "resnet1000";
    CHECK_THROWS_WITH(bench::runSweepSession(unknown, events),
                      Catch::StartsWith("unknown family 'resnet1000' (known: resnet18"));

    auto zeroBatch = plan;
    zeroBatch.batches = {1, 0};
    CHECK_THROWS_AS(bench::runSweepSession(zeroBatch, events), bench::UsageError);

    auto unwritable = plan;
    unwritable.csv = (folder / "missing-folder" / "rows.csv").string();
    CHECK_THROWS_WITH(bench::runSweepSession(unwritable, events), Catch::Contains("does not exist"));

    CHECK(events.rows.empty());
    CHECK(fs::is_empty(folder));
    fs::remove_all(folder);
}

TEST_CASE("the default autosave sits beside the export, else in the XDG data folder", "[sweep]") {
    results::SweepPlan plan;
    plan.csv = "/tmp/out/rows.csv";
    CHECK(bench::defaultAutosavePath(plan, "s1") == "/tmp/out/rows.autosave.jsonl");
    plan.csv.clear();
    const auto folder = freshFolder();
    setenv("XDG_DATA_HOME", folder.c_str(), 1);
    CHECK(bench::defaultAutosavePath(plan, "s1") == (folder / "graphlens/sessions/s1.jsonl").string());
    CHECK(fs::is_directory(folder / "graphlens/sessions"));
    unsetenv("XDG_DATA_HOME");
    fs::remove_all(folder);
}
