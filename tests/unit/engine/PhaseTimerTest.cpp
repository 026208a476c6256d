// The phase pass's timer and the child-process runner, on the CPU.
#include "bench/ChildProcess.h"
#include "profiler/PhaseObserver.h"
#include "bench/SynchronizedPhaseTimer.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

using namespace graphlens;

TEST_CASE("the phase timer gives each phase its own median, nested phases included", "[phase]") {
    const graphs::DeviceMemory memory(torch::Device(torch::kCPU));
    bench::SynchronizedPhaseTimer timer(memory);
    for (int i = 0; i < 3; ++i) {
        profiler::StepPhase step(timer, "step");
        {
            profiler::StepPhase data(timer, "data");
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        {
            profiler::StepPhase forward(timer, "forward");
            std::this_thread::sleep_for(std::chrono::milliseconds(12));
        }
    }
    REQUIRE(timer.samples().at("forward").size() == 3);
    CHECK(*timer.medianMs("data") >= 2.0);
    CHECK(*timer.medianMs("forward") >= 12.0);
    CHECK(*timer.medianMs("forward") > *timer.medianMs("data"));
    CHECK(*timer.medianMs("step") >= *timer.medianMs("forward") + *timer.medianMs("data"));
    CHECK_FALSE(timer.medianMs("postprocess"));
}

TEST_CASE("a child process's lines reach the caller and a slow child is killed at its limit", "[process]") {
    std::vector<std::string> lines;
    const auto ok = bench::runChildProcess({"/bin/sh", "-c", "echo one; echo two; printf three"},
                                           std::chrono::seconds(10),
                                           [&](const std::string& line) { lines.push_back(line); });
    CHECK(ok.started);
    CHECK(ok.exitCode == 0);
    CHECK(ok.failure.empty());
    CHECK(lines == std::vector<std::string>{"one", "two", "three"});

    const auto started = std::chrono::steady_clock::now();
    const auto slow = bench::runChildProcess({"/bin/sleep", "30"}, std::chrono::seconds(1), nullptr);
    CHECK(slow.timedOut);
    CHECK_THAT(slow.failure, Catch::Contains("time limit"));
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));

    const auto failing = bench::runChildProcess({"/bin/sh", "-c", "exit 3"}, std::chrono::seconds(10), nullptr);
    CHECK(failing.exitCode == 3);
    const auto missing = bench::runChildProcess({"/no/such/program"}, std::chrono::seconds(10), nullptr);
    CHECK(missing.exitCode == 127);
    CHECK_FALSE(missing.failure.empty());
}

#include "graphs/OutOfMemory.h"

#include <c10/util/Exception.h>

TEST_CASE("out of memory is recognised in every shape it comes in", "[oom]") {
    CHECK(graphs::isOutOfMemory(std::bad_alloc()));
    CHECK(graphs::isOutOfMemory(c10::OutOfMemoryError({__func__, __FILE__, 1u}, "CUDA out of memory. Tried to allocate 2 GiB")));
    // The host staging buffer of a batch: libtorch's CPU allocator says it this way.
    CHECK(graphs::isOutOfMemory(c10::Error({__func__, __FILE__, 1u},
                                          "[enforce fail at alloc_cpu.cpp:118] err == 0. DefaultCPUAllocator: can't "
                                          "allocate memory: you tried to allocate 64424509440 bytes.")));
    CHECK(graphs::isOutOfMemory(std::runtime_error("cuDNN error: CUDNN_STATUS_INTERNAL_ERROR (CUDA out of memory)")));
    CHECK_FALSE(graphs::isOutOfMemory(std::runtime_error("a.jpg: not an image GraphLens can decode")));
    CHECK_FALSE(graphs::isOutOfMemory(c10::Error({__func__, __FILE__, 1u}, "mat1 and mat2 shapes cannot be multiplied")));
}
