// The profiled pass's window, on the CPU (where CUPTI cannot start: the steps run and are timed all the
// same, with a warning): three warm steps, `count` steps timed with no window open (the in-process
// reference for the profiler's overhead), the window's untimed steps, then exactly `count` timed
// steps, and only those are marked for the metrics (RecorderPhases); the others are NVTX-only.
#include "bench/ProfiledSteps.h"
#include "bench/RecorderPhases.h"
#include "RecordingSweepEvents.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace graphlens;

namespace {

struct CountingStep : bench::TimedStep {
    std::vector<bool> marked;  // per run: did the run's phases go to the profiled pass's recorder?
    std::vector<bench::Arm> arms;
    void run(bench::Arm arm, profiler::PhaseObserver& observer) override {
        profiler::StepPhase forward(observer, profiler::kPhaseForward);
        marked.push_back(dynamic_cast<bench::RecorderPhases*>(&observer) != nullptr);
        arms.push_back(arm);
    }
    bool hasGraphedArm() const override { return true; }
    void requireReplaying() const override {}
    bench::GraphedArmFigures graphedFigures() const override { return {}; }
};

}  // namespace

TEST_CASE("a profiled window: warm steps and the window's untimed steps unmarked, then the timed steps",
          "[profiled]") {
    const graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    testing::RecordingSweepEvents events;
    for (const int windowWarmup : {0, 2}) {
        CAPTURE(windowWarmup);
        CountingStep step;
        const auto profiled = bench::profileSteps(step, bench::Arm::Graphed, 5, memory, events, profiler::CuptiRecords::Calls, windowWarmup);
        REQUIRE(step.marked.size() == static_cast<std::size_t>(3 + 5 + windowWarmup + 5));
        CHECK(profiled.stepsMs.size() == 5);
        CHECK(profiled.unprofiledStepsMs.size() == 5);
        for (std::size_t i = 0; i < step.marked.size(); ++i) {
            CAPTURE(i);
            CHECK(step.marked[i] == (i >= static_cast<std::size_t>(3 + 5 + windowWarmup)));
            CHECK(step.arms[i] == bench::Arm::Graphed);
        }
    }
}
