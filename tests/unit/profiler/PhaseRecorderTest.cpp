#include "FakeActivitySource.h"
#include "profiler/PhaseRecorder.h"
#include "profiler/ScopedPhase.h"

#include <catch2/catch.hpp>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

TEST_CASE("phase marks take the source's clock and thread, and nest per thread", "[profiler][phases]") {
    FakeActivitySource source;
    PhaseRecorder recorder(source);
    source.now = 100;
    const auto step = recorder.begin("step");
    source.now = 150;
    const auto forward = recorder.begin("forward");
    source.thread = 2;
    source.now = 160;
    const auto other = recorder.begin("data");  // another thread: depth 0 there
    source.now = 170;
    recorder.end(other);
    source.thread = 1;
    source.now = 300;
    recorder.end(forward);
    source.now = 400;
    recorder.end(step);
    recorder.end(step);  // a second end changes nothing

    const auto marks = recorder.marks();
    REQUIRE(marks.size() == 3);
    CHECK(marks[0].name == "step");
    CHECK(marks[0].start == 100);
    CHECK(marks[0].end == 400);
    CHECK(marks[0].depth == 0);
    CHECK(marks[0].threadId == 1);
    CHECK(marks[1].name == "forward");
    CHECK(marks[1].start == 150);
    CHECK(marks[1].end == 300);
    CHECK(marks[1].depth == 1);
    CHECK(marks[2].threadId == 2);
    CHECK(marks[2].depth == 0);
    CHECK(marks[2].end == 170);
    recorder.clear();
    CHECK(recorder.marks().empty());
}

TEST_CASE("ScopedPhase records into a recorder, or only emits NVTX without one", "[profiler][phases]") {
    FakeActivitySource source;
    PhaseRecorder recorder(source);
    source.now = 10;
    {
        ScopedPhase step(&recorder, kPhaseStep);
        source.now = 20;
        { ScopedPhase forward(&recorder, kPhaseForward); source.now = 30; }
        source.now = 40;
    }
    { ScopedPhase timedPass(nullptr, kPhaseStep); }
    const auto marks = recorder.marks();
    REQUIRE(marks.size() == 2);
    CHECK(marks[0].name == "step");
    CHECK(marks[0].start == 10);
    CHECK(marks[0].end == 40);
    CHECK(marks[1].name == "forward");
    CHECK(marks[1].start == 20);
    CHECK(marks[1].end == 30);
}
