#include "results/ProfiledMerge.h"

#include <catch2/catch.hpp>

#include <functional>
#include <limits>
#include <string>

using namespace graphlens::results;

namespace {

Measurement row(const std::string& pass) {
    Measurement m;
    m.session_id = "s1";
    m.family = "resnet18";
    m.task = "classify";
    m.phase = "infer";
    m.batch = 8;
    m.imgsz = 224;
    m.precision = "fp16";
    m.memory_format = "nchw";
    m.scope = "step";
    m.jit = "";
    m.arm = "eager";
    m.pass = pass;
    m.device = "NVIDIA H200";
    m.status = "ok";
    return m;
}

// The profiled columns added for the advisor: each set to base + offset by profiledRow, and whether
// only the window with GPU records measures it (the host-time one comes from the API-calls window).
struct AdvisorColumn {
    std::optional<double> Measurement::*column;
    int offset;
    bool gpuRecords;
};
const AdvisorColumn kAdvisorColumns[] = {
    {&Measurement::data_kernels, 20, true},          {&Measurement::forward_kernels, 21, true},
    {&Measurement::loss_kernels, 22, true},          {&Measurement::backward_kernels, 23, true},
    {&Measurement::optimizer_kernels, 24, true},     {&Measurement::postprocess_kernels, 25, true},
    {&Measurement::captured_wall_us, 26, false},     {&Measurement::captured_gpu_us, 27, true},
    {&Measurement::captured_kernels, 28, true},      {&Measurement::explain_saved_ms, 29, true},
    {&Measurement::explain_gpu_idle_ms, 30, true},   {&Measurement::explain_host_launch_ms, 31, true},
    {&Measurement::explain_kernel_time_ms, 32, true}, {&Measurement::explain_replay_cost_ms, 33, true},
    {&Measurement::explain_unexplained_ms, 34, true}, {&Measurement::loss_backward_wall_us, 35, false},
};

// A profiled row with every profiled metric set to a distinct value (base + i).
Measurement profiledRow(double base) {
    Measurement m = row("profiled");
    m.step_ms_median = 2.5;
    m.launches = base + 1;
    m.graph_launches = base + 2;
    m.kernels = base + 3;
    m.launch_cpu_us = base + 4;
    m.gpu_busy_us = 1500;
    m.network_gpu_fraction = 0.75;
    m.launch_delay_us_median = base + 5;
    m.launch_delay_us_p90 = base + 6;
    m.data_wall_us = base + 7;
    m.data_gpu_us = base + 8;
    m.forward_wall_us = base + 9;
    m.forward_gpu_us = base + 10;
    m.loss_wall_us = base + 11;
    m.loss_gpu_us = base + 12;
    m.backward_wall_us = base + 13;
    m.backward_gpu_us = base + 14;
    m.optimizer_wall_us = base + 15;
    m.optimizer_gpu_us = base + 16;
    m.postprocess_wall_us = base + 17;
    m.postprocess_gpu_us = base + 18;
    m.discarded_records = base + 19;
    // Per-phase kernels, the seam's captured part, and (graphed rows) where the saved time went.
    for (const auto& [column, offset, gpuRecords] : kAdvisorColumns) m.*column = base + offset;
    m.kernel_alignment = std::to_string(static_cast<int>(base)) + " of 62 kernels in the same order";
    m.captured_ms = 99.0;  // the phase pass's, on the timed row: never carried
    // Values the merge must NOT carry over: the profiled span's idle share, its phase split, its
    // own step times.
    m.gpu_idle_pct = 40.0;
    m.network_fraction = 0.5;
    m.speedup_ceiling = 2.0;
    m.step_ms_min = 2.4;
    m.forward_ms = 99.0;
    return m;
}

Measurement timedRow() {
    Measurement m = row("timed");
    m.step_ms_median = 2.0;
    m.step_ms_min = 1.9;
    m.network_fraction = 0.8;
    m.speedup_ceiling = 5.0;
    m.forward_ms = 1.6;
    m.captured_ms = 0.7;
    return m;
}

}  // namespace

TEST_CASE("sameRowIdentity compares the configuration, not the pass, device or status",
          "[results][merge]") {
    const Measurement timed = row("timed");
    Measurement profiled = row("profiled");
    profiled.device = "NVIDIA H200 (profiled)";
    profiled.status = "error";
    profiled.message = "no CUPTI";
    CHECK(sameRowIdentity(timed, profiled));

    const std::vector<std::pair<const char*, std::function<void(Measurement&)>>> changes{
        {"session_id", [](Measurement& m) { m.session_id = "s2"; }},
        {"family", [](Measurement& m) { m.family = "resnet50"; }},
        {"task", [](Measurement& m) { m.task = "detect"; }},
        {"phase", [](Measurement& m) { m.phase = "train"; }},
        {"batch", [](Measurement& m) { m.batch = 16; }},
        {"imgsz", [](Measurement& m) { m.imgsz = 256; }},
        {"precision", [](Measurement& m) { m.precision = "fp32"; }},
        {"memory_format", [](Measurement& m) { m.memory_format = "channels_last"; }},
        {"scope", [](Measurement& m) { m.scope = "network"; }},
        {"jit", [](Measurement& m) { m.jit = "off"; }},
        {"arm", [](Measurement& m) { m.arm = "graphed"; }},
    };
    for (const auto& [field, change] : changes) {
        INFO("differs in " << field);
        Measurement other = row("profiled");
        change(other);
        CHECK_FALSE(sameRowIdentity(timed, other));
        CHECK_FALSE(sameRowIdentity(other, timed));
    }
}

TEST_CASE("gpuIdlePct: 1 - busy / timed step median, clamped, absent without inputs",
          "[results][merge]") {
    CHECK(*gpuIdlePct(800.0, 1.0) == Approx(20.0));  // 800 us busy of a 1 ms step
    CHECK(*gpuIdlePct(1500.0, 2.0) == Approx(25.0));
    CHECK(*gpuIdlePct(0.0, 2.0) == 100.0);
    CHECK(*gpuIdlePct(1200.0, 1.0) == 0.0);  // busy longer than the step: 0, never negative
    CHECK(*gpuIdlePct(1000.0, 1.0) == 0.0);
    CHECK_FALSE(gpuIdlePct(std::nullopt, 1.0));
    CHECK_FALSE(gpuIdlePct(800.0, std::nullopt));
    CHECK_FALSE(gpuIdlePct(std::nullopt, std::nullopt));
    CHECK_FALSE(gpuIdlePct(800.0, 0.0));
    CHECK_FALSE(gpuIdlePct(800.0, -1.0));
    CHECK_FALSE(gpuIdlePct(std::numeric_limits<double>::quiet_NaN(), 1.0));
}

TEST_CASE("mergeProfiledMetrics copies the profiled metrics onto the timed row of the same identity",
          "[results][merge]") {
    std::vector<Measurement> timed{timedRow()};
    std::vector<Measurement> profiled{profiledRow(100)};
    mergeProfiledMetrics(timed, profiled);

    // On the profiled row: 100 * (2.5 / 2.0 - 1).
    REQUIRE(profiled[0].profiler_overhead_pct);
    CHECK(*profiled[0].profiler_overhead_pct == Approx(25.0));

    const Measurement& t = timed[0];
    CHECK(t.launches == 101);
    CHECK(t.graph_launches == 102);
    CHECK(t.kernels == 103);
    CHECK(t.launch_cpu_us == 104);
    CHECK(t.gpu_busy_us == 1500);
    CHECK(t.network_gpu_fraction == 0.75);
    CHECK(t.launch_delay_us_median == 105);
    CHECK(t.launch_delay_us_p90 == 106);
    CHECK(t.data_wall_us == 107);
    CHECK(t.data_gpu_us == 108);
    CHECK(t.forward_wall_us == 109);
    CHECK(t.forward_gpu_us == 110);
    CHECK(t.loss_wall_us == 111);
    CHECK(t.loss_gpu_us == 112);
    CHECK(t.backward_wall_us == 113);
    CHECK(t.backward_gpu_us == 114);
    CHECK(t.optimizer_wall_us == 115);
    CHECK(t.optimizer_gpu_us == 116);
    CHECK(t.postprocess_wall_us == 117);
    CHECK(t.postprocess_gpu_us == 118);
    CHECK(t.discarded_records == 119);
    REQUIRE(t.profiler_overhead_pct);
    CHECK(*t.profiler_overhead_pct == Approx(25.0));
    // Idle from the TIMED median: 1 - 1500 us / 2.0 ms = 25%, not the profiled row's 40% (what
    // 1500 us of the profiled 2.5 ms span gives).
    REQUIRE(t.gpu_idle_pct);
    CHECK(*t.gpu_idle_pct == Approx(25.0));
    // The profiled row itself carries the same figure: one definition everywhere, never its own span.
    REQUIRE(profiled[0].gpu_idle_pct);
    CHECK(*profiled[0].gpu_idle_pct == Approx(25.0));
    // The timed process's own columns stay.
    CHECK(t.step_ms_median == 2.0);
    CHECK(t.step_ms_min == 1.9);
    CHECK(t.network_fraction == 0.8);
    CHECK(t.speedup_ceiling == 5.0);
    CHECK(t.forward_ms == 1.6);
    CHECK(t.captured_ms == 0.7);
    CHECK(t.pass == "timed");
    for (const auto& [column, offset, gpuRecords] : kAdvisorColumns) {
        CAPTURE(offset);
        CHECK(t.*column == 100 + offset);
    }
    CHECK(t.kernel_alignment == "100 of 62 kernels in the same order");
}

TEST_CASE("mergeProfiledMetrics keeps rows differing in memory_format or scope apart",
          "[results][merge]") {
    Measurement nchwStep = timedRow();
    Measurement lastStep = timedRow();
    lastStep.memory_format = "channels_last";
    lastStep.step_ms_median = 1.0;
    Measurement nchwNetwork = timedRow();
    nchwNetwork.scope = "network";
    nchwNetwork.step_ms_median = 1.25;
    std::vector<Measurement> timed{nchwStep, lastStep, nchwNetwork};

    // Profiled rows in another order, each with its own launch count.
    Measurement profiledLast = profiledRow(0);
    profiledLast.memory_format = "channels_last";
    profiledLast.launches = 20;
    Measurement profiledNetwork = profiledRow(0);
    profiledNetwork.scope = "network";
    profiledNetwork.launches = 30;
    Measurement profiledStep = profiledRow(0);
    profiledStep.launches = 10;
    std::vector<Measurement> profiled{profiledLast, profiledNetwork, profiledStep};
    mergeProfiledMetrics(timed, profiled);

    CHECK(timed[0].launches == 10);
    CHECK(timed[1].launches == 20);
    CHECK(timed[2].launches == 30);
    // Each overhead against its own timed median: 2.5 vs 1.0, 1.25 and 2.0.
    CHECK(*profiled[0].profiler_overhead_pct == Approx(150.0));
    CHECK(*profiled[1].profiler_overhead_pct == Approx(100.0));
    CHECK(*profiled[2].profiler_overhead_pct == Approx(25.0));
    // 1500 us busy: 0% idle of a 1.0 ms or 1.25 ms step (clamped), 25% of 2.0 ms.
    CHECK(*timed[0].gpu_idle_pct == Approx(25.0));
    CHECK(*timed[1].gpu_idle_pct == 0.0);
    CHECK(*timed[2].gpu_idle_pct == 0.0);
}

TEST_CASE("mergeProfiledMetrics: a failed profiled row only reports its overhead",
          "[results][merge]") {
    std::vector<Measurement> timed{timedRow()};
    Measurement failed = profiledRow(0);
    failed.status = "error";
    failed.message = "profiled pass without CUPTI";
    std::vector<Measurement> profiled{failed};
    mergeProfiledMetrics(timed, profiled);
    CHECK(*profiled[0].profiler_overhead_pct == Approx(25.0));
    CHECK(timed[0] == timedRow());
}

TEST_CASE("mergeProfiledMetrics: unmatched rows and absent medians", "[results][merge]") {
    SECTION("no timed row of that identity") {
        std::vector<Measurement> timed{timedRow()};
        Measurement graphed = profiledRow(0);
        graphed.arm = "graphed";
        std::vector<Measurement> profiled{graphed};
        mergeProfiledMetrics(timed, profiled);
        CHECK(timed[0] == timedRow());
        CHECK(profiled[0] == graphed);
    }
    SECTION("timed row without a median (e.g. oom)") {
        Measurement oom = timedRow();
        oom.status = "oom";
        oom.step_ms_median.reset();
        std::vector<Measurement> timed{oom};
        std::vector<Measurement> profiled{profiledRow(0)};
        mergeProfiledMetrics(timed, profiled);
        CHECK_FALSE(profiled[0].profiler_overhead_pct);
        CHECK_FALSE(timed[0].profiler_overhead_pct);
        CHECK_FALSE(timed[0].gpu_idle_pct);
        CHECK(timed[0].launches == 1);  // the profiled metrics still describe this configuration
    }
}

TEST_CASE("profiler overhead compares profiled with timed step time", "[results][merge]") {
    CHECK(*profilerOverheadPct(1.1, 1.0) == Approx(10.0));
    CHECK_FALSE(profilerOverheadPct(std::nullopt, 1.0));
    CHECK_FALSE(profilerOverheadPct(1.0, 0.0));
}

TEST_CASE("mergeProfiledRows joins a mixed stream the way the worker sends it, and again changes nothing",
          "[results][merge]") {
    // Timed eager and graphed rows first, then the profiled pass; another batch has no profiled row.
    Measurement graphed = timedRow();
    graphed.arm = "graphed";
    Measurement otherBatch = timedRow();
    otherBatch.batch = 32;
    Measurement profiledGraphed = profiledRow(200);
    profiledGraphed.arm = "graphed";
    std::vector<Measurement> rows{timedRow(), graphed, otherBatch, profiledRow(100), profiledGraphed};

    CHECK(mergeProfiledRows(rows, 0) == std::vector<size_t>{0, 1, 3, 4});
    CHECK(rows[0].launches == 101);  // eager timed row from the eager profiled row
    CHECK(rows[1].launches == 201);  // graphed from graphed: the arm is part of the identity
    CHECK_FALSE(rows[2].launches);   // no profiled row of batch 32
    CHECK(rows[1].explain_saved_ms == 229);  // the graphed row's explanation and alignment, from its own
    CHECK(rows[1].kernel_alignment == "200 of 62 kernels in the same order");
    CHECK(rows[2].kernel_alignment.empty());
    REQUIRE(rows[0].gpu_idle_pct);
    CHECK(*rows[0].gpu_idle_pct == Approx(25.0));
    REQUIRE(rows[3].profiler_overhead_pct);
    CHECK(*rows[3].profiler_overhead_pct == Approx(25.0));
    CHECK(rows[3].launches == 101);  // the profiled row keeps its own figures

    const auto once = rows;
    mergeProfiledRows(rows, 0);
    for (size_t i = 0; i < rows.size(); ++i) {
        CHECK(rows[i].launches == once[i].launches);
        CHECK(rows[i].gpu_idle_pct == once[i].gpu_idle_pct);
        CHECK(rows[i].profiler_overhead_pct == once[i].profiler_overhead_pct);
        CHECK(rows[i].kernel_alignment == once[i].kernel_alignment);
    }
    // From `first` on only: the profiled rows before it are left as they are.
    std::vector<Measurement> fresh{timedRow(), profiledRow(100)};
    CHECK(mergeProfiledRows(fresh, 2).empty());
    CHECK_FALSE(fresh[0].launches);
    std::vector<Measurement> timedOnly{timedRow(), graphed};
    CHECK(mergeProfiledRows(timedOnly, 0).empty());
}

// The two profiled windows of one configuration (calls: API calls alone; full: GPU records too).
namespace {

Measurement callsWindowRow() {
    auto m = profiledRow(100);
    m.step_ms_median = 2.0;
    m.kernels = 0;      // what a window without GPU records computes: no kernel, no busy time
    m.gpu_busy_us = 0;
    m.network_gpu_fraction = std::nullopt;
    m.discarded_records = 1;
    return m;
}

Measurement fullWindowRow() {
    auto m = profiledRow(200);
    m.step_ms_median = 2.75;
    m.gpu_busy_us = 1800;
    m.network_gpu_fraction = 0.8;
    m.discarded_records = 4;
    return m;
}

}  // namespace

TEST_CASE("combining the two profiled windows: host figures from the calls, GPU figures from the full",
          "[results][merge]") {
    const auto calls = callsWindowRow();
    const auto full = fullWindowRow();
    const auto rows = combineProfiledWindows({calls}, {full});
    REQUIRE(rows.size() == 1);
    const auto& r = rows[0];
    CHECK(r.status == "ok");
    CHECK(r.step_ms_median == calls.step_ms_median);
    CHECK(r.launches == calls.launches);
    CHECK(r.graph_launches == calls.graph_launches);
    CHECK(r.launch_cpu_us == calls.launch_cpu_us);
    CHECK(r.forward_wall_us == calls.forward_wall_us);
    CHECK(r.backward_wall_us == calls.backward_wall_us);
    CHECK(r.kernels == full.kernels);
    CHECK(r.gpu_busy_us == full.gpu_busy_us);
    CHECK(r.network_gpu_fraction == full.network_gpu_fraction);
    CHECK(r.launch_delay_us_median == full.launch_delay_us_median);
    CHECK(r.forward_gpu_us == full.forward_gpu_us);
    CHECK(r.postprocess_gpu_us == full.postprocess_gpu_us);
    CHECK(r.discarded_records == 5);
    CHECK(r.gpu_records_step_ms == 2.75);
    for (const auto& [column, offset, gpuRecords] : kAdvisorColumns) {
        CAPTURE(offset);
        CHECK(r.*column == (gpuRecords ? full : calls).*column);
    }
    CHECK(r.kernel_alignment == full.kernel_alignment);

    // Merged onto the timed row: one overhead per window.
    auto timed = row("timed");
    timed.step_ms_median = 1.6;
    std::vector<Measurement> timedRows{timed};
    std::vector<Measurement> profiledRows = rows;
    mergeProfiledMetrics(timedRows, profiledRows);
    REQUIRE(timedRows[0].profiler_overhead_pct);
    CHECK(*timedRows[0].profiler_overhead_pct == Approx(25.0));
    REQUIRE(timedRows[0].gpu_records_overhead_pct);
    CHECK(*timedRows[0].gpu_records_overhead_pct == Approx(71.875));
    CHECK(timedRows[0].kernels == full.kernels);
    CHECK(timedRows[0].forward_kernels == full.forward_kernels);
    CHECK(timedRows[0].explain_unexplained_ms == full.explain_unexplained_ms);
    CHECK(timedRows[0].kernel_alignment == full.kernel_alignment);
}

TEST_CASE("a failed window: the other one's figures stay, the failure is said", "[results][merge]") {
    SECTION("full window failed: GPU columns absent, not the calls window's zeros") {
        auto full = fullWindowRow();
        full.status = "error";
        full.message = "profiled pass: CUPTI refused CONCURRENT_KERNEL";
        const auto rows = combineProfiledWindows({callsWindowRow()}, {full});
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].status == "ok");
        CHECK(rows[0].launches == callsWindowRow().launches);
        CHECK_FALSE(rows[0].kernels);
        CHECK_FALSE(rows[0].gpu_busy_us);
        CHECK_FALSE(rows[0].gpu_records_step_ms);
        for (const auto& [column, offset, gpuRecords] : kAdvisorColumns) {
            CAPTURE(offset);
            CHECK((rows[0].*column).has_value() == !gpuRecords);
        }
        CHECK(rows[0].kernel_alignment.empty());
        CHECK(rows[0].message.find("no GPU records: profiled pass: CUPTI refused") != std::string::npos);
    }
    SECTION("calls window failed: the full window's row whole, saying so") {
        auto calls = callsWindowRow();
        calls.status = "error";
        calls.message = "profiled pass without CUPTI: no callback API";
        const auto rows = combineProfiledWindows({calls}, {fullWindowRow()});
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].status == "ok");
        CHECK(rows[0].step_ms_median == fullWindowRow().step_ms_median);
        CHECK(rows[0].launches == fullWindowRow().launches);
        CHECK(rows[0].gpu_records_step_ms == fullWindowRow().step_ms_median);
        CHECK(rows[0].kernel_alignment == fullWindowRow().kernel_alignment);
        CHECK(rows[0].message.find("the API-calls window failed: profiled pass without CUPTI") != std::string::npos);
    }
    SECTION("no full row at all (that process died): GPU columns absent, saying so") {
        const auto rows = combineProfiledWindows({callsWindowRow()}, {});
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].status == "ok");
        CHECK(rows[0].launches == callsWindowRow().launches);
        CHECK_FALSE(rows[0].kernels);
        CHECK_FALSE(rows[0].gpu_busy_us);
        CHECK_FALSE(rows[0].gpu_idle_pct);
        CHECK_FALSE(rows[0].forward_kernels);
        CHECK_FALSE(rows[0].explain_saved_ms);
        CHECK(rows[0].kernel_alignment.empty());
        CHECK(rows[0].message.find("no GPU records") != std::string::npos);
    }
    SECTION("a refused arm stays refused") {
        auto calls = callsWindowRow();
        calls.status = "refused";
        calls.message = "graphs refused";
        auto full = fullWindowRow();
        full.status = "refused";
        const auto rows = combineProfiledWindows({calls}, {full});
        REQUIRE(rows.size() == 1);
        CHECK(rows[0] == calls);
    }
}

TEST_CASE("combining windows pairs rows by identity, keeps the calls order and the unmatched rows",
          "[results][merge]") {
    auto callsA = callsWindowRow();
    auto callsB = callsWindowRow();
    callsB.batch = 16;
    auto fullB = fullWindowRow();
    fullB.batch = 16;
    auto fullA = fullWindowRow();
    auto fullOnly = fullWindowRow();
    fullOnly.arm = "graphed";
    const auto rows = combineProfiledWindows({callsA, callsB}, {fullB, fullOnly, fullA});
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].batch == 8);
    CHECK(rows[0].gpu_busy_us == fullA.gpu_busy_us);
    CHECK(rows[1].batch == 16);
    CHECK(rows[1].gpu_records_step_ms == fullB.step_ms_median);
    CHECK(rows[2] == fullOnly);
    CHECK(combineProfiledWindows({}, {}).empty());
}

TEST_CASE("mergeProfiledMetrics keeps an overhead measured in the profiling process and its interval",
          "[results][merge]") {
    std::vector<Measurement> timed{timedRow()};
    auto withOwn = profiledRow(100);
    withOwn.profiler_overhead_pct = 3.0;  // against its own unprofiled steps: the timed process's 25% is drift
    withOwn.profiler_overhead_ci_low = -1.0;
    withOwn.profiler_overhead_ci_high = 7.0;
    std::vector<Measurement> profiled{withOwn};
    mergeProfiledMetrics(timed, profiled);
    CHECK(profiled[0].profiler_overhead_pct == 3.0);
    CHECK(timed[0].profiler_overhead_pct == 3.0);
    CHECK(timed[0].profiler_overhead_ci_low == -1.0);
    CHECK(timed[0].profiler_overhead_ci_high == 7.0);
}

TEST_CASE("combineProfiledWindows takes the GPU-records overhead from the full window's own process",
          "[results][merge]") {
    auto calls = profiledRow(0);
    auto full = profiledRow(0);
    full.step_ms_median = 4.0;
    full.profiler_overhead_pct = 42.0;  // the full window against its own unprofiled steps
    full.profiler_overhead_ci_low = 30.0;
    full.profiler_overhead_ci_high = 55.0;
    const auto rows = combineProfiledWindows({calls}, {full});
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].gpu_records_step_ms == 4.0);
    CHECK(rows[0].gpu_records_overhead_pct == 42.0);
    CHECK(rows[0].gpu_records_overhead_ci_low == 30.0);
    CHECK(rows[0].gpu_records_overhead_ci_high == 55.0);
}
