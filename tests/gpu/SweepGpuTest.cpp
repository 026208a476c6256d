#include "bench/SweepEvents.h"
#include "bench/SweepSession.h"
#include "results/MeasurementCsv.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <iostream>
#include <random>

using namespace graphlens;

namespace {

struct QuietEvents : bench::SweepEvents {
    void progress(int, int, const std::string&, double) override {}
    void measurement(const results::Measurement&) override {}
    void log(const std::string&) override {}
    void warning(const std::string& text) override { warnings.push_back(text); }
    std::vector<std::string> warnings;
};

std::filesystem::path freshFolder() {
    auto folder = std::filesystem::temp_directory_path() /
                  ("graphlens-gpu-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(folder);
    return folder;
}

const results::Measurement& rowOf(const std::vector<results::Measurement>& rows, int batch,
                                  const std::string& arm) {
    for (const auto& row : rows) {
        if (row.batch == batch && row.arm == arm) return row;
    }
    FAIL("no row for batch " << batch << " arm " << arm);
    throw;
}

}  // namespace

TEST_CASE("resnet18 sweep at batch 1, 8, 32 writes eager and graphed rows, graphs win at batch 1",
          "[cuda][sweep]") {
    const auto folder = freshFolder();
    results::SweepPlan plan;
    plan.batches = {1, 8, 32};
    plan.precision = "fp16";
    plan.steps = 30;
    plan.csv = (folder / "sweep.csv").string();
    QuietEvents events;
    const auto result = bench::runSweepSession(plan, events);
    CHECK(result.exitCode == 0);

    auto rows = results::readCsv(plan.csv);
    REQUIRE(rows.size() == 12);  // timed eager/graphed and profiled eager/graphed per batch size
    std::vector<results::Measurement> profiled;
    for (const auto& row : rows) {
        if (row.pass == "profiled") profiled.push_back(row);
    }
    REQUIRE(profiled.size() == 6);
    std::erase_if(rows, [](const results::Measurement& row) { return row.pass == "profiled"; });
    for (const auto& row : rows) {
        CAPTURE(row.batch, row.arm);
        CHECK(row.kernels.value_or(0) > 50);                 // merged from the profiled pass
        // The step is upload + network + top-5: the network is most of it, never all of it.
        CHECK(row.network_fraction.value_or(0) > 0.3);
        CHECK(row.network_fraction.value_or(1) < 1.0);
        CHECK(row.network_gpu_fraction.value_or(1) < 1.0);
        CHECK(row.data_ms.has_value());
        CHECK(row.postprocess_ms.has_value());
        CHECK(row.gpu_idle_pct.value_or(-1) >= 0);
        CHECK(row.gpu_idle_pct.value_or(101) <= 100);
        CHECK(row.scope == "step");
        CHECK(row.memory_format == "nchw");
        CHECK(row.step_ms_round_spread_pct.has_value());
        CHECK(row.profiler_overhead_pct.has_value());
        CHECK(row.gpu_records_overhead_pct.has_value());  // the second window, with GPU records
    }
    for (const auto& row : profiled) {
        CAPTURE(row.batch, row.arm, row.message);
        CHECK(row.status == "ok");
        CHECK(row.message.empty());  // both windows ran: no "no GPU records", no fallback
        CHECK(row.gpu_records_step_ms.has_value());
    }
    // The launches come from the window with API calls alone, the kernels from the other one: an
    // eager step launches the same kernels whichever window watched it.
    CHECK(*rowOf(rows, 1, "eager").launches == *rowOf(rows, 1, "eager").kernels);
    CHECK(*rowOf(rows, 1, "graphed").graph_launches == 1);
    for (int batch : plan.batches) {
        const auto& eager = rowOf(rows, batch, "eager");
        const auto& graphed = rowOf(rows, batch, "graphed");
        CHECK(eager.status == "ok");
        CHECK(graphed.status == "ok");
        CHECK(graphed.speedup.has_value());
        CHECK(graphed.capture_ms.value_or(0) > 0);
        CHECK(graphed.vram_peak_reserved_mb.value_or(0) > 0);
        CHECK(graphed.replays.value_or(0) >= plan.steps * plan.repeats);
        CHECK(graphed.parity == "bit-exact");
        CHECK(graphed.graph_mode == "on");
        CHECK(*graphed.eager_fallbacks == 0);
        // Steady state: the delta is the pool, plus the capture stream's cuBLAS workspace when that
        // stream is new to cuBLAS (32 MiB on Hopper; the graph's kernels use it on every replay),
        // minus the activations eager keeps cached; never the capture's warm-up cache.
        std::cout << "[sweep] batch " << batch << ": VRAM delta " << graphed.vram_delta_reserved_mb.value_or(-1)
                  << " MiB, pool " << graphed.graph_pool_mb.value_or(-1) << " MiB, idle eager "
                  << eager.gpu_idle_pct.value_or(-1) << " %, graphed " << graphed.gpu_idle_pct.value_or(-1) << " %\n";
        CHECK(graphed.vram_delta_reserved_mb.value_or(1e9) <= graphed.graph_pool_mb.value_or(0) + 32 + 8);
        // The profiled pass traces a replay at graph level; its kernels are the captured graph's kernel
        // nodes, the kernels the eager network launches, beside the same eager upload and top-5.
        CHECK(std::abs(graphed.kernels.value_or(0) - eager.kernels.value_or(0)) <= 0.1 * eager.kernels.value_or(0));
        CHECK(*eager.step_ms_ci_low <= *eager.step_ms_median);
        CHECK(*eager.step_ms_median <= *eager.step_ms_ci_high);
        // The advisor's prediction (from the eager figures and the replay calibration) sits beside
        // the measurement; the forward's kernels are most of the step's.
        CHECK(eager.forward_kernels.value_or(0) > 0.8 * eager.kernels.value_or(0));
        CHECK(eager.forward_kernels.value_or(0) <= eager.kernels.value_or(0));
        REQUIRE(graphed.predicted_graphed_ms.has_value());
        CHECK(graphed.predicted_graphed_ms == eager.predicted_graphed_ms);
        CHECK(graphed.prediction_error_pct.has_value());
        std::cout << "[sweep] batch " << batch << ": predicted " << *graphed.predicted_graphed_ms << " ms, measured "
                  << graphed.step_ms_median.value_or(-1) << " ms, error " << graphed.prediction_error_pct.value_or(0)
                  << " %; " << graphed.advice << "\n";
        CHECK(std::abs(graphed.prediction_error_pct.value_or(1e9)) < 50);  // the benchmark holds the 10% target
    }
    CHECK(*rowOf(rows, 1, "graphed").speedup > 1.0);
    CHECK(rowOf(rows, 1, "graphed").advice.rfind("launch-bound", 0) == 0);
    CHECK(result.environment.contains("replay_calibration"));
    std::filesystem::remove_all(folder);
}

TEST_CASE("a training sweep's profiled pass puts launches and GPU idle on the training rows, and traces them",
          "[cuda][sweep][train]") {
    const auto folder = freshFolder();
    results::SweepPlan plan;
    plan.family = "fomo-s";
    plan.batches = {8};
    plan.phases = {"train"};
    plan.graphScopes = {"network", "step"};
    plan.precision = "amp-fp16";
    plan.steps = 10;
    plan.profileSteps = 5;
    plan.csv = (folder / "sweep.csv").string();
    plan.trace = (folder / "sweep.trace.json").string();
    QuietEvents events;
    const auto result = bench::runSweepSession(plan, events);
    CHECK(result.exitCode == 0);
    for (const auto& warning : events.warnings) CHECK_FALSE(warning.find("profiled pass") != std::string::npos);

    auto rows = results::readCsv(plan.csv);
    REQUIRE(rows.size() == 8);  // timed and profiled, eager and graphed, per scope
    for (const auto& row : rows) {
        CAPTURE(row.pass, row.scope, row.arm, row.message);
        CHECK(row.phase == "train");
        CHECK(row.status == "ok");
        CHECK(row.launches.value_or(0) > 0);  // the timed rows have them from the profiled pass
        CHECK(row.kernels.value_or(0) > 0);
        CHECK(row.gpu_busy_us.value_or(0) > 0);
        CHECK(row.backward_gpu_us.has_value() != (row.arm == "graphed" && row.scope == "step"));
        // The loss's own backward is marked wherever backward runs eagerly or around a backward replay.
        CHECK(row.loss_backward_wall_us.has_value() != (row.arm == "graphed" && row.scope == "step"));
    }
    const auto timed = [&](const std::string& scope, const std::string& arm) {
        for (const auto& row : rows) {
            if (row.pass == "timed" && row.scope == scope && row.arm == arm) return row;
        }
        FAIL("no timed row " << scope << " " << arm);
        throw;
    };
    for (const std::string scope : {"network", "step"}) {
        const auto eager = timed(scope, "eager");
        const auto graphed = timed(scope, "graphed");
        CAPTURE(scope);
        CHECK(eager.graph_launches.value_or(-1) == 0);
        CHECK(graphed.graph_launches.value_or(0) >= 1);
        CHECK(*graphed.launches < *eager.launches);  // the replays replace most launches
        CHECK(graphed.profiler_overhead_pct.has_value());
        CHECK(graphed.gpu_records_overhead_pct.has_value());
        CHECK(graphed.gpu_idle_pct.value_or(-1) >= 0);
    }
    // The eager arm is one step whatever the scope: profiled once per window kind, in the network pair.
    const auto profiledEager = [&](const std::string& scope) {
        for (const auto& row : rows) {
            if (row.pass == "profiled" && row.scope == scope && row.arm == "eager") return row;
        }
        FAIL("no profiled eager row " << scope);
        throw;
    };
    CHECK(profiledEager("step").launches == profiledEager("network").launches);
    CHECK(profiledEager("step").step_ms_median == profiledEager("network").step_ms_median);
    std::ifstream trace(plan.trace);
    const std::string text((std::istreambuf_iterator<char>(trace)), {});
    CHECK(text.find("fomo-s training batch 8 network scope eager") != std::string::npos);
    CHECK(text.find("fomo-s training batch 8 step scope eager") == std::string::npos);  // not recorded twice
    CHECK(text.find("fomo-s training batch 8 step scope graphed") != std::string::npos);
    std::filesystem::remove_all(folder);
}

TEST_CASE("out of memory at one batch size is recorded and the sweep continues", "[cuda][sweep][oom]") {
    const auto folder = freshFolder();
    results::SweepPlan plan;
    // The caching allocator capped at 5% of the card (~7 GB): batch 64 at 1024 px needs ~17 GB of
    // activations, while its pinned host batch (0.8 GB) stays small. Restored when the test ends.
    c10::cuda::CUDACachingAllocator::setMemoryFraction(0.05, 0);
    struct RestoreFraction {
        ~RestoreFraction() { c10::cuda::CUDACachingAllocator::setMemoryFraction(1.0, 0); }
    } restore;
    plan.batches = {1, 64, 2};
    plan.imgsz = 1024;
    plan.precision = "fp32";
    plan.steps = 3;
    plan.warmup = 1;
    plan.csv = (folder / "oom.csv").string();
    plan.profile = false;
    QuietEvents events;
    const auto result = bench::runSweepSession(plan, events);
    CHECK(result.exitCode == 1);
    const auto rows = results::readCsv(plan.csv);
    REQUIRE(rows.size() == 6);
    CHECK(rowOf(rows, 64, "eager").status == "oom");
    CHECK(rowOf(rows, 64, "graphed").status == "oom");
    CHECK(rowOf(rows, 2, "eager").status == "ok");
    CHECK(rowOf(rows, 2, "graphed").status == "ok");
    std::filesystem::remove_all(folder);
}

TEST_CASE("graph mode auto: the profiled pass captures as the timed pass does and profiles replays",
          "[cuda][sweep]") {
    const auto folder = freshFolder();
    results::SweepPlan plan;
    plan.batches = {4};
    plan.graph = "auto";
    plan.steps = 10;
    plan.profileSteps = 5;
    plan.csv = (folder / "sweep.csv").string();
    QuietEvents events;
    CHECK(bench::runSweepSession(plan, events).exitCode == 0);
    for (const auto& warning : events.warnings) CHECK_FALSE(warning.find("profiled pass") != std::string::npos);
    const auto rows = results::readCsv(plan.csv);
    REQUIRE(rows.size() == 4);
    for (const auto& row : rows) {
        CAPTURE(row.pass, row.arm, row.message);
        CHECK(row.status == "ok");
        if (row.arm == "graphed") {
            if (row.pass == "timed") CHECK(row.graph_mode == "auto");
            // Every profiled step is one replay: the auto capture happened in the warm-up, before the window.
            CHECK(row.graph_launches.value_or(0) == 1);
        }
    }
    std::filesystem::remove_all(folder);
}

TEST_CASE("graph mode off (advise): the eager arm alone, with the predicted graphed step and nothing captured",
          "[cuda][sweep][advisor]") {
    const auto folder = freshFolder();
    results::SweepPlan plan;
    plan.batches = {1, 32};
    plan.phases = {"infer", "train"};
    plan.graphScopes = {"network"};
    plan.graph = "off";
    plan.steps = 10;
    plan.repeats = 1;
    plan.profileSteps = 5;
    plan.csv = (folder / "advise.csv").string();
    QuietEvents events;
    const auto result = bench::runSweepSession(plan, events);
    CHECK(result.exitCode == 0);
    for (const auto& warning : events.warnings) CHECK_FALSE(warning.find("no predictions") != std::string::npos);
    CHECK(result.environment.contains("replay_calibration"));
    const auto rows = results::readCsv(plan.csv);
    REQUIRE(rows.size() == 8);  // timed and profiled eager rows, inference and training, two batch sizes
    for (const auto& row : rows) {
        CAPTURE(row.phase, row.batch, row.pass, row.advice);
        CHECK(row.arm == "eager");
        CHECK(row.status == "ok");
        CHECK(row.graph_launches.value_or(0) == 0);  // nothing was ever replayed
        if (row.pass != "timed") continue;
        REQUIRE(row.predicted_graphed_ms.has_value());
        CHECK(*row.predicted_graphed_ms > 0);
        CHECK(*row.predicted_graphed_ms < *row.step_ms_median * 1.2);
        CHECK_FALSE(row.prediction_error_pct.has_value());
        CHECK(*row.predicted_eager_rest_ms + *row.predicted_region_gpu_ms + *row.predicted_replay_gaps_ms +
                  *row.predicted_replay_host_ms ==
              Approx(*row.predicted_graphed_ms));
        CHECK_FALSE(row.advice.empty());
    }
    std::filesystem::remove_all(folder);
}
