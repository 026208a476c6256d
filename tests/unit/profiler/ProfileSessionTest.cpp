// CUPTI unavailable: metrics absent with a reason and the caller keeps going (issue: degraded path).
#include "FakeActivitySource.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/ProfileSession.h"
#include "profiler/ScopedPhase.h"
#include "profiler/UnavailableActivitySource.h"

#include <catch2/catch.hpp>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

TEST_CASE("an unavailable source gives no metrics, a reason, and no recorder", "[profiler][session]") {
    ProfileSession session(std::make_unique<UnavailableActivitySource>("libcupti.so.13 not found"));
    CHECK_FALSE(session.isAvailable());
    CHECK_FALSE(session.start());
    CHECK(session.recorder() == nullptr);
    { ScopedPhase step(session.recorder(), kPhaseStep); }  // the step still runs, NVTX only
    const auto result = session.stop();
    CHECK_FALSE(result.metrics);
    CHECK(result.unavailableReason == "libcupti.so.13 not found");
    CHECK(result.recordingNote.empty());
}

TEST_CASE("a source that refuses to start (no permission) degrades the same way", "[profiler][session]") {
    auto fake = std::make_unique<FakeActivitySource>();
    fake->startSucceeds = false;
    fake->reason = "cuptiActivityEnable failed: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES";
    ProfileSession session(std::move(fake));
    CHECK(session.isAvailable());
    CHECK_FALSE(session.start());
    CHECK(session.recorder() == nullptr);
    const auto result = session.stop();
    CHECK_FALSE(result.metrics);
    CHECK(result.unavailableReason == "cuptiActivityEnable failed: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
}

TEST_CASE("stop without start says so", "[profiler][session]") {
    ProfileSession session(std::make_unique<FakeActivitySource>());
    const auto result = session.stop();
    CHECK_FALSE(result.metrics);
    CHECK(result.unavailableReason == "profiling was not started");
}

TEST_CASE("a working source: phases on its clock, records flushed, metrics computed", "[profiler][session]") {
    auto owned = std::make_unique<FakeActivitySource>();
    auto* fake = owned.get();
    ProfileSession session(std::move(owned));
    REQUIRE(session.start());
    CHECK(fake->started);
    CHECK(session.recordingNote().empty());
    REQUIRE(session.recorder() != nullptr);
    fake->now = 1000;
    {
        ScopedPhase step(session.recorder(), kPhaseStep);
        fake->now = 1010;
        {
            ScopedPhase data(session.recorder(), kPhaseData);
            fake->batch.apis.push_back(api(ApiDomain::Runtime, kCudaMemcpyAsync, 1020, 1040, 2));
            fake->batch.copies.push_back(copy(1050, 1250, 7, 2));
            fake->now = 1100;
        }
        {
            ScopedPhase forward(session.recorder(), kPhaseForward);
            fake->batch.apis.push_back(api(ApiDomain::Runtime, kCudaLaunchKernel, 1200, 1300, 1));
            fake->batch.kernels.push_back(kernel(1400, 1900, 7, 1));
            fake->now = 1500;
        }
        fake->now = 2000;
    }
    const auto result = session.stop();
    CHECK(fake->stopped);
    REQUIRE(result.metrics);
    CHECK(result.unavailableReason.empty());
    CHECK(result.batch.kernels.size() == 1);
    CHECK(result.batch.copies.size() == 1);
    CHECK(result.phases.size() == 3);
    const auto& step = result.metrics->steps.at(0);
    CHECK(step.launches == 1);
    CHECK(step.kernels == 1);
    CHECK(step.copies == 1);
    CHECK(step.gpuBusyUs == Approx(0.7));  // copy [1050, 1250] + kernel [1400, 1900]
    CHECK(step.phase(kPhaseData)->gpuUs == Approx(0.2));
    CHECK(*step.networkGpuFraction == Approx(500.0 / 700.0));
    CHECK(session.recorder() == nullptr);
}

TEST_CASE("the source's recording note reaches the session and the result", "[profiler][session]") {
    auto owned = std::make_unique<FakeActivitySource>();
    auto* fake = owned.get();
    fake->note = "recording every CUDA runtime and driver API call (no per-call switch)";
    ProfileSession session(std::move(owned));
    CHECK(session.recordingNote().empty());  // nothing to say before a window opened
    REQUIRE(session.start());
    CHECK(session.recordingNote() == fake->note);
    const auto result = session.stop();
    REQUIRE(result.metrics);
    CHECK(result.recordingNote == fake->note);

    fake->note.clear();  // the next window records as asked: the old note must not linger
    REQUIRE(session.start());
    CHECK(session.recordingNote().empty());
    CHECK(session.stop().recordingNote.empty());
}

TEST_CASE("the CUPTI factory always returns a source that can say whether it works", "[profiler][session]") {
    // On a build machine without a driver this is either "built without CUPTI", a missing library, or
    // a library that loads but whose start() fails later; none of these may throw or crash.
    auto source = makeCuptiActivitySource();
    REQUIRE(source);
    if (!source->isAvailable()) CHECK_FALSE(source->unavailableReason().empty());
}
