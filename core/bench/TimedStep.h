#pragma once
// A step the sweep times in two arms (eager, graphed): the inference step (InferenceStep) and the
// training step (TrainingSweepStep). The timed pass, the phase pass and the profiled pass run the
// same step and differ only in who watches its phases.
#include "profiler/PhaseObserver.h"

namespace graphlens::bench {

enum class Arm { Eager, Graphed };

class TimedStep {
public:
    virtual ~TimedStep() = default;
    virtual void run(Arm arm, profiler::PhaseObserver& observer) = 0;
};

}  // namespace graphlens::bench
