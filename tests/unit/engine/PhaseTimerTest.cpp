// The phase pass's timer, on the CPU (the child-process runner is tested in unit/platform).
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
    // Each step holds its own phases. (Per step, not by medians: the median of sums can fall below the
    // sum of medians when a loaded machine stretches different phases in different steps.)
    const auto& steps = timer.samples().at("step");
    const auto& forwards = timer.samples().at("forward");
    const auto& datas = timer.samples().at("data");
    REQUIRE(steps.size() == 3);
    for (std::size_t i = 0; i < steps.size(); ++i) CHECK(steps[i] >= forwards[i] + datas[i]);
    CHECK_FALSE(timer.medianMs("postprocess"));
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
