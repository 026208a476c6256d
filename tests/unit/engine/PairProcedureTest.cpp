// The one measurement procedure of a row pair (bench/PairProcedure.h), on the CPU with a step that
// records what it is asked to do: the order of warm-ups, capture, timing and phase pass; that a
// graphed arm which stops replaying never passes eager steps off as graphed; and that the profiled
// pass decides a refused graphed arm as the timed pass does, while its eager arm is still measured.
#include "bench/PairProcedure.h"
#include "bench/SweepRowFigures.h"
#include "profiler/ScopedPhase.h"
#include "RecordingSweepEvents.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

using namespace graphlens;

namespace {

// Records "E" / "G" per step, "prepare" and "require" for the graphed arm's hooks.
struct ScriptedStep : bench::TimedStep {
    bool graphedArm = true;
    bool captureFails = false;     // requireReplaying throws
    bool turnsOffLater = false;    // graphedFigures throws
    std::vector<std::string> calls;
    void run(bench::Arm arm, profiler::PhaseObserver& observer) override {
        profiler::StepPhase forward(observer, profiler::kPhaseForward);
        if (arm == bench::Arm::Graphed && !graphedArm) throw std::logic_error("no graphed arm");
        calls.push_back(arm == bench::Arm::Eager ? "E" : "G");
    }
    void runData(profiler::PhaseObserver& observer) override {
        profiler::StepPhase data(observer, profiler::kPhaseData);
        calls.push_back("D");
    }
    bool hasGraphedArm() const override { return graphedArm; }
    void prepareGraphed() override { calls.push_back("prepare"); }
    void requireReplaying() const override {
        const_cast<ScriptedStep*>(this)->calls.push_back("require");
        if (captureFails) throw std::runtime_error("graph capture failed: operation not permitted when stream is capturing");
    }
    bench::GraphedArmFigures graphedFigures() const override {
        if (turnsOffLater) throw std::runtime_error("graphs turned off: replay failed");
        bench::GraphedArmFigures figures;
        figures.replays = 42;
        figures.captureMs = 3;
        return figures;
    }
};

// The calls, run-length encoded: "Ex4", "preparex1", ...
std::vector<std::string> runs(const std::vector<std::string>& calls) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < calls.size();) {
        std::size_t j = i;
        while (j < calls.size() && calls[j] == calls[i]) ++j;
        out.push_back(calls[i] + "x" + std::to_string(j - i));
        i = j;
    }
    return out;
}

bench::PairProtocol smallProtocol() {
    bench::PairProtocol protocol;
    protocol.warmup = 2;
    protocol.graphedWarmup = 3;
    protocol.steps = 4;
    protocol.repeats = 1;
    protocol.phaseSteps = 5;
    return protocol;
}

results::Measurement okRow(const char* arm) {
    results::Measurement row;
    row.arm = arm;
    row.status = "ok";
    return row;
}

}  // namespace

TEST_CASE("the timed pass: warm-ups, capture before any timed step, interleaved blocks, phase pass", "[sweep][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    int units = 0;
    bench::PairContext context{"fake batch 1", memory, events, [&](const char*) { ++units; }};
    bench::TimedPassClocks clocks;
    ScriptedStep step;
    auto eager = okRow("eager"), graphed = okRow("graphed");
    bench::PairProgress progress;
    const auto protocol = smallProtocol();
    bench::measureTimedPair(step, protocol, context, clocks, eager, graphed, progress);

    // eager warm-up twice (cold, then peaks), the graphed capture and its steady state, eager
    // re-warmed, blocks of 1 step alternating (A B B A ...), then the phase pass per arm, the eager
    // arm's followed by its data phase alone.
    // (Runs merge: the re-warm's 2 and the first timed eager step are "Ex3"; the last timed eager
    // step and the eager phase pass are "Ex6".)
    const std::vector<std::string> expected{"Ex4", "preparex1", "Gx3", "requirex1", "Gx2", "Ex3",
                                            "Gx2", "Ex2", "Gx2", "Ex6", "Dx5", "Gx5"};
    CHECK(runs(step.calls) == expected);
    CHECK(units == protocol.progressUnits());
    CHECK(progress.eagerDone);
    CHECK(progress.graphedDone);
    CHECK(eager.steps == 4);
    CHECK(graphed.steps == 4);
    CHECK(graphed.replays == 42);
    REQUIRE(graphed.speedup.has_value());
    CHECK(graphed.forward_ms.has_value());
    CHECK(eager.data_alone_ms.has_value());
    CHECK_FALSE(graphed.data_alone_ms.has_value());
}

TEST_CASE("the timed pass without a graphed arm times the eager arm alone", "[sweep][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 1", memory, events, [](const char*) {}};
    bench::TimedPassClocks clocks;
    ScriptedStep step;
    step.graphedArm = false;
    auto eager = okRow("eager"), graphed = okRow("graphed");
    bench::PairProgress progress;
    bench::measureTimedPair(step, smallProtocol(), context, clocks, eager, graphed, progress);
    CHECK(runs(step.calls) == std::vector<std::string>{"Ex13", "Dx5"});  // 2+2 warm-up, 4 timed, 5 phase-pass steps
    CHECK(progress.eagerDone);
    CHECK_FALSE(progress.graphedDone);
    CHECK_FALSE(graphed.speedup.has_value());
}

TEST_CASE("a graphed arm that never replays fails the pair before anything is timed", "[sweep][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 1", memory, events, [](const char*) {}};
    bench::TimedPassClocks clocks;
    ScriptedStep step;
    step.captureFails = true;
    auto eager = okRow("eager"), graphed = okRow("graphed");
    bench::PairProgress progress;
    try {
        bench::measureTimedPair(step, smallProtocol(), context, clocks, eager, graphed, progress);
        FAIL("a capture failure must stop the pair");
    } catch (const std::exception& error) {
        bench::markPairFailed(error, 1, eager, progress.eagerDone, graphed, progress.graphedDone);
    }
    CHECK(eager.status == "error");
    CHECK(graphed.status == "error");
    CHECK_THAT(graphed.message, Catch::Contains("graph capture failed"));
    CHECK(std::count(step.calls.begin(), step.calls.end(), "G") == 3);  // the warm-up only
}

TEST_CASE("graphs turned off during the timed pass: the eager row stands, the graphed row is an error",
          "[sweep][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 1", memory, events, [](const char*) {}};
    bench::TimedPassClocks clocks;
    ScriptedStep step;
    step.turnsOffLater = true;
    auto eager = okRow("eager"), graphed = okRow("graphed");
    bench::PairProgress progress;
    try {
        bench::measureTimedPair(step, smallProtocol(), context, clocks, eager, graphed, progress);
        FAIL("graphs turned off must fail the graphed row");
    } catch (const std::exception& error) {
        bench::markPairFailed(error, 8, eager, progress.eagerDone, graphed, progress.graphedDone);
    }
    CHECK(eager.status == "ok");
    CHECK(eager.steps == 4);
    CHECK(graphed.status == "error");
    CHECK_THAT(graphed.message, Catch::Contains("graphs turned off"));
    CHECK_FALSE(graphed.speedup.has_value());
}

TEST_CASE("the profiled pass: a refused graphed arm keeps the verdict's reason, the eager arm is profiled",
          "[profiled][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 1", memory, events, [](const char*) {}};
    ScriptedStep step;
    step.graphedArm = false;
    const auto verdict = bench::graphedArmNotRun("refused", "graphed arm refused: parity check capture error: boom",
                                                 "capture error");
    profiler::ChromeTrace trace;
    std::string note;
    std::vector<results::Measurement> rows;
    auto base = okRow("");
    base.pass = "profiled";
    bench::warmPairForProfiling(step, smallProtocol(), context);
    bench::profilePair(step, verdict, base, 3, context, profiler::CuptiRecords::Calls, trace, note, rows);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].arm == "eager");
    CHECK(rows[0].steps == 3);  // measured, although CUPTI cannot start here (its figures say so)
    CHECK(rows[1].arm == "graphed");
    CHECK(rows[1].status == "refused");
    CHECK(rows[1].parity == "capture error");
    CHECK_THAT(rows[1].message, Catch::Contains("boom"));
    CHECK(events.rows.size() == 2);
    CHECK(std::count(step.calls.begin(), step.calls.end(), "G") == 0);
}

TEST_CASE("the profiled pass warms the graphed arm over its capture before any window", "[profiled][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 1", memory, events, [](const char*) {}};
    ScriptedStep step;
    step.turnsOffLater = true;
    bench::warmPairForProfiling(step, smallProtocol(), context);
    CHECK(runs(step.calls) == std::vector<std::string>{"Ex2", "preparex1", "Gx3", "requirex1"});
    profiler::ChromeTrace trace;
    std::string note;
    std::vector<results::Measurement> rows;
    bench::GraphedArmVerdict runs;
    runs.runs = true;
    bench::profilePair(step, runs, okRow(""), 3, context, profiler::CuptiRecords::Calls, trace, note, rows);
    REQUIRE(rows.size() == 2);
    CHECK(rows[1].status == "error");  // graphs turned off inside the window: not a graphed figure
    CHECK_THAT(rows[1].message, Catch::Contains("graphs turned off"));
}

TEST_CASE("a pair whose eager step was phase-timed in another pair copies those phases and times only its graphed arm's",
          "[sweep][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 1", memory, events, [](const char*) {}};
    bench::TimedPassClocks clocks;
    auto shared = okRow("eager");
    shared.data_ms = 0.25;
    shared.forward_ms = 1.5;
    shared.backward_ms = 3.0;
    shared.data_alone_ms = 0.125;
    ScriptedStep step;
    auto eager = okRow("eager"), graphed = okRow("graphed");
    bench::PairProgress progress;
    bench::measureTimedPair(step, smallProtocol(), context, clocks, eager, graphed, progress, &shared);
    // As the plain pair up to the end of the timed rounds, then the graphed arm's phase pass alone.
    const std::vector<std::string> expected{"Ex4", "preparex1", "Gx3", "requirex1", "Gx2", "Ex3",
                                            "Gx2", "Ex2", "Gx2", "Ex1", "Gx5"};
    CHECK(runs(step.calls) == expected);
    CHECK(eager.steps == 4);  // its own timed rounds
    CHECK(eager.forward_ms == shared.forward_ms);
    CHECK(eager.backward_ms == shared.backward_ms);
    CHECK(eager.data_alone_ms == shared.data_alone_ms);
    REQUIRE(eager.network_fraction.has_value());
    CHECK(*eager.network_fraction == Approx(4.5 / 4.75));
    CHECK(graphed.network_fraction == eager.network_fraction);
    CHECK(graphed.forward_ms.has_value());  // measured: the scripted step's forward phase

    // A row that is not an ok eager row with phases is not shared: the eager phase pass runs.
    ScriptedStep again;
    auto failed = shared;
    failed.status = "oom";
    auto eager2 = okRow("eager"), graphed2 = okRow("graphed");
    bench::measureTimedPair(again, smallProtocol(), context, clocks, eager2, graphed2, progress, &failed);
    CHECK(runs(again.calls).back() == "Gx5");
    CHECK(std::count(again.calls.begin(), again.calls.end(), "D") == 5);
}

TEST_CASE("the profiled pass reuses a shared eager window for the next pair of the same eager step, never a failed one",
          "[profiled][engine]") {
    graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    bench::PairContext context{"fake batch 8", memory, events, [](const char*) {}};
    profiler::ChromeTrace trace;
    std::string note;
    std::vector<results::Measurement> rows;
    bench::GraphedArmVerdict verdict;
    verdict.runs = true;
    bench::SharedEagerWindow shared;
    auto base = okRow("");
    base.pass = "profiled";
    base.scope = "network";

    // Here CUPTI cannot start, so the eager window is an error row: not kept, the next pair records its own.
    ScriptedStep first;
    bench::warmPairForProfiling(first, smallProtocol(), context, &shared);
    bench::profilePair(first, verdict, base, 3, context, profiler::CuptiRecords::Calls, trace, note, rows, std::nullopt,
                       &shared);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].status == "error");
    CHECK_FALSE(shared.row.has_value());

    // An ok window recorded by the batch's first pair (as on a GPU): the next pair neither warms nor
    // profiles its eager arm, and its eager row is that one with its own scope.
    auto recorded = okRow("eager");
    recorded.pass = "profiled";
    recorded.scope = "network";
    recorded.steps = 3;
    recorded.step_ms_median = 9.5;
    recorded.launches = 1200;
    shared.row = recorded;
    ScriptedStep second;
    base.scope = "step";
    bench::warmPairForProfiling(second, smallProtocol(), context, &shared);
    bench::profilePair(second, verdict, base, 3, context, profiler::CuptiRecords::Calls, trace, note, rows, std::nullopt,
                       &shared);
    CHECK(std::count(second.calls.begin(), second.calls.end(), "E") == 0);
    CHECK(std::count(second.calls.begin(), second.calls.end(), "G") > 0);
    REQUIRE(rows.size() == 4);
    CHECK(rows[2].arm == "eager");
    CHECK(rows[2].scope == "step");
    CHECK(rows[2].status == "ok");
    CHECK(rows[2].step_ms_median == 9.5);
    CHECK(rows[2].launches == 1200);
    CHECK(shared.row->scope == "network");  // the kept row is untouched
    CHECK(rows[3].arm == "graphed");
    CHECK(rows[3].scope == "step");
    CHECK(events.rows.size() == 4);
}
