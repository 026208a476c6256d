#pragma once
// The timed steps of one batch size: `repeats` rounds, each with `steps` steps per arm in alternating
// blocks (A B B A ...), so drift of clocks and of a shared VM hits both arms alike. Each step is
// timed by the host clock around the step and one stream synchronize at its end; nothing inside the
// step synchronises.
#include "bench/TimedStep.h"
#include "graphs/DeviceMemory.h"

#include <functional>
#include <vector>

namespace graphlens::bench {

struct ArmRounds {
    std::vector<std::vector<double>> eager;    // [round][step], ms
    std::vector<std::vector<double>> graphed;  // empty rounds when the graphed arm is not run
};

// One step of `arm`, timed (ms).
double timeStep(TimedStep& step, Arm arm, profiler::PhaseObserver& observer, const graphs::DeviceMemory& memory);

ArmRounds timeInterleaved(TimedStep& step, bool withGraphed, int steps, int repeats,
                          const graphs::DeviceMemory& memory, const std::function<void()>& afterEachStep);

}  // namespace graphlens::bench
