#include "bench/InterleavedTiming.h"

#include "bench/NvtxPhases.h"
#include "profiler/ScopedPhase.h"

#include <algorithm>
#include <chrono>

namespace graphlens::bench {

double timeStep(TimedStep& step, Arm arm, profiler::PhaseObserver& observer, const graphs::DeviceMemory& memory) {
    const auto started = std::chrono::steady_clock::now();
    {
        profiler::StepPhase whole(observer, profiler::kPhaseStep);
        step.run(arm, observer);
        memory.synchronize();
    }
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
}

ArmRounds timeInterleaved(TimedStep& step, bool withGraphed, int steps, int repeats,
                          const graphs::DeviceMemory& memory, const std::function<void()>& afterEachStep) {
    ArmRounds rounds;
    rounds.eager.resize(static_cast<std::size_t>(repeats));
    rounds.graphed.resize(static_cast<std::size_t>(repeats));
    NvtxPhases nvtx;
    // Blocks, not step-by-step alternation: the first step after a switch pays for the other arm's
    // cold caches and GPU clock state, and that cost belongs to neither arm (measured on the H200:
    // ~30 us at batch 1). The block order flips every block and every round.
    const int block = std::max(1, (steps + 3) / 4);
    int blockIndex = 0;
    for (int round = 0; round < repeats; ++round) {
        auto& eager = rounds.eager[static_cast<std::size_t>(round)];
        auto& graphed = rounds.graphed[static_cast<std::size_t>(round)];
        for (int done = 0; done < steps; done += block, ++blockIndex) {
            const int count = std::min(block, steps - done);
            const bool eagerFirst = blockIndex % 2 == 0;
            for (int turn = 0; turn < 2; ++turn) {
                const bool eagerTurn = (turn == 0) == eagerFirst;
                if (!eagerTurn && !withGraphed) continue;
                for (int i = 0; i < count; ++i) {
                    const auto arm = eagerTurn ? Arm::Eager : Arm::Graphed;
                    (eagerTurn ? eager : graphed).push_back(timeStep(step, arm, nvtx, memory));
                    if (afterEachStep) afterEachStep();
                }
            }
        }
    }
    return rounds;
}

}  // namespace graphlens::bench
