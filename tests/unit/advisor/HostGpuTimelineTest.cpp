// The two clocks a predicted step is laid out on: the GPU never runs work before the host launched
// it, a replay starts on the GPU once launched, and a wait brings the host up to the GPU.
#include "advisor/HostGpuTimeline.h"

#include <catch2/catch.hpp>

using graphlens::advisor::HostGpuTimeline;
using Catch::Detail::Approx;

TEST_CASE("Host and GPU clocks: launches, a replay, a wait", "[advisor]") {
    HostGpuTimeline timeline;
    timeline.run(1.0, 0.5);  // launch-bound: the last kernel ends when the host is done, at 1.0
    CHECK(timeline.endMs() == Approx(1.0));
    timeline.replay(0.1, 2.0);  // launched at 1.1, on the GPU until 3.1
    CHECK(timeline.endMs() == Approx(3.1));
    timeline.run(0.5, 0.2);  // host 1.6; its kernels queue behind the replay: GPU 3.3
    CHECK(timeline.endMs() == Approx(3.3));
    timeline.waitForGpu();
    timeline.host(0.4);  // after the wait, at 3.3
    CHECK(timeline.endMs() == Approx(3.7));
}

TEST_CASE("Host and GPU clocks: GPU work shorter than the host's never ends before it", "[advisor]") {
    HostGpuTimeline timeline;
    timeline.replay(0.01, 5.0);
    timeline.run(2.0, 0.1);  // the host's 2 ms hide under the replay's 5
    CHECK(timeline.endMs() == Approx(5.11));
    timeline.run(4.0, 0.0);  // now the host is the longer: 6.01
    CHECK(timeline.endMs() == Approx(6.01));
}
