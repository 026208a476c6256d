// The sampler with a fake reading function: series, summary, prompt stop, stop without start.
#include "platform/ClockSampler.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

using namespace graphlens::platform;
using namespace std::chrono_literals;

namespace {

// Polls until `done` or a generous deadline (a loaded CI machine can be slow to schedule the thread).
template <typename Predicate>
bool eventually(Predicate done, std::chrono::milliseconds deadline = 5000ms) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (!done()) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

}  // namespace

TEST_CASE("clock summary: min, median, max over odd and even counts", "[platform]") {
    const auto odd = summarizeClocks({{1980, 2619}, {1755, 2619}, {1830, 2600}}, 2);
    CHECK(odd.samples == 3);
    CHECK(odd.failedReads == 2);
    REQUIRE(odd.sm);
    CHECK(odd.sm->min == 1755);
    CHECK(odd.sm->median == 1830);
    CHECK(odd.sm->max == 1980);
    REQUIRE(odd.mem);
    CHECK(odd.mem->min == 2600);
    CHECK(odd.mem->median == 2619);
    CHECK(odd.mem->max == 2619);

    const auto even = summarizeClocks({{1000, 1}, {1500, 2}, {1200, 3}, {1100, 4}});
    REQUIRE(even.sm);
    CHECK(even.sm->median == 1150);  // mean of 1100 and 1200
    CHECK(even.mem->median == 2.5);

    const auto none = summarizeClocks({});
    CHECK(none.samples == 0);
    CHECK_FALSE(none.sm);
    CHECK_FALSE(none.mem);
}

TEST_CASE("clock sampler: counts the readings taken between start and stop", "[platform]") {
    std::atomic<int> calls{0};
    ClockSampler sampler(
        [&]() -> std::optional<ClockReading> {
            const int call = ++calls;
            if (call % 3 == 0) return std::nullopt;  // every third read fails
            return ClockReading{static_cast<unsigned>(1000 + call), 2619};
        },
        1ms);
    sampler.start();
    CHECK(sampler.running());
    REQUIRE(eventually([&] { return calls >= 9; }));
    const auto summary = sampler.stop();
    CHECK_FALSE(sampler.running());
    const int made = calls.load();
    CHECK(summary.samples + summary.failedReads == static_cast<std::size_t>(made));
    CHECK(summary.failedReads == static_cast<std::size_t>(made / 3));
    REQUIRE(summary.sm);
    CHECK(summary.sm->min == 1001);
    CHECK(summary.mem->median == 2619);

    // No reading after stop returned.
    std::this_thread::sleep_for(10ms);
    CHECK(calls == made);
}

TEST_CASE("clock sampler: the first reading is taken at start, stop does not wait out the interval", "[platform]") {
    std::atomic<int> calls{0};
    ClockSampler sampler(
        [&]() -> std::optional<ClockReading> {
            ++calls;
            return ClockReading{1980, 2619};
        },
        std::chrono::hours(1));
    sampler.start();
    REQUIRE(eventually([&] { return calls >= 1; }));
    const auto before = std::chrono::steady_clock::now();
    const auto summary = sampler.stop();
    CHECK(std::chrono::steady_clock::now() - before < 1s);
    CHECK(summary.samples == 1);
    CHECK(calls == 1);
}

TEST_CASE("clock sampler: stop without start, stop twice, start twice, restart", "[platform]") {
    std::atomic<int> calls{0};
    ClockSampler sampler(
        [&]() -> std::optional<ClockReading> {
            ++calls;
            return ClockReading{1500, 2600};
        },
        1ms);
    const auto never = sampler.stop();
    CHECK(never.samples == 0);
    CHECK_FALSE(never.sm);

    sampler.start();
    sampler.start();  // no-op while running
    REQUIRE(eventually([&] { return calls >= 3; }));
    const auto first = sampler.stop();
    CHECK(first.samples >= 3);
    CHECK(first.samples == static_cast<std::size_t>(calls.load()));
    CHECK(sampler.stop().samples == first.samples);  // stopped: the same series again

    const int before = calls.load();
    sampler.start();  // a fresh series
    REQUIRE(eventually([&] { return calls >= before + 2; }));
    const auto second = sampler.stop();
    CHECK(second.samples == static_cast<std::size_t>(calls.load() - before));
}

TEST_CASE("clock sampler: resume continues the series across passes", "[platform]") {
    std::atomic<int> calls{0};
    ClockSampler sampler(
        [&]() -> std::optional<ClockReading> {
            const int call = ++calls;
            return ClockReading{static_cast<unsigned>(call), 2600};
        },
        1ms);
    sampler.resume();  // resume before any start begins a series too
    REQUIRE(eventually([&] { return calls >= 2; }));
    sampler.stop();
    const int afterFirstPass = calls.load();
    std::this_thread::sleep_for(5ms);  // between passes: no readings
    CHECK(calls == afterFirstPass);
    sampler.resume();
    REQUIRE(eventually([&] { return calls >= afterFirstPass + 2; }));
    const auto both = sampler.stop();
    CHECK(both.samples == static_cast<std::size_t>(calls.load()));
    REQUIRE(both.sm);
    CHECK(both.sm->min == 1);
    CHECK(both.sm->max == static_cast<unsigned>(calls.load()));
}

TEST_CASE("clock sampler: a reader that throws is a failed read, not a dead process", "[platform]") {
    std::atomic<int> calls{0};
    ClockSampler sampler(
        [&]() -> std::optional<ClockReading> {
            ++calls;
            throw std::runtime_error("driver went away");
        },
        1ms);
    sampler.start();
    REQUIRE(eventually([&] { return calls >= 2; }));
    const auto summary = sampler.stop();
    CHECK(summary.samples == 0);
    CHECK(summary.failedReads == static_cast<std::size_t>(calls.load()));
    CHECK_FALSE(summary.sm);
}

TEST_CASE("clock sampler: two threads stopping at once end one series", "[platform]") {
    ClockSampler sampler([]() -> std::optional<ClockReading> { return ClockReading{1, 2}; }, 1ms);
    sampler.start();
    REQUIRE(eventually([&] { return sampler.running(); }));
    std::this_thread::sleep_for(5ms);
    ClockSummary first, second;
    std::thread a([&] { first = sampler.stop(); });
    std::thread b([&] { second = sampler.stop(); });
    a.join();
    b.join();
    CHECK_FALSE(sampler.running());
    CHECK(first.samples == second.samples);  // one joined the thread, the other saw the same series
    CHECK(first.samples >= 1);
}
