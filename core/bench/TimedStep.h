#pragma once
// A step the sweep times in two arms (eager, graphed): the inference step (InferenceStep) and the
// training step (TrainingSweepStep). The timed pass, the phase pass and the profiled pass run the
// same step through one procedure (PairProcedure.h) and differ only in who watches its phases; what
// differs between an inference and a training step's graphed arm (when it captures, how it says a
// capture failed, where its replay counts live) is answered here, so the procedure never asks.
#include "profiler/PhaseObserver.h"

namespace graphlens::bench {

enum class Arm { Eager, Graphed };

// What the graphed arm's graphs did, read after the timed pass.
struct GraphedArmFigures {
    double replays = 0;
    double poolBytes = 0;
    double eagerFallbacks = 0;  // eager runs of the graphed arm: sightings before capture, shapes beyond the cap
    double captureMs = 0;
};

class TimedStep {
public:
    virtual ~TimedStep() = default;
    virtual void run(Arm arm, profiler::PhaseObserver& observer) = 0;
    // The step's data phase only (the batch's upload, and the targets in training). The phase pass
    // repeats it on its own after the eager arm's steps: in the graphed arm it runs between replays,
    // which leave the host's caches to it, and after an eager step it does not (the advisor needs the
    // former before any capture). A step without a data phase of its own (a seam finder's split, an
    // inference step in the network scope) runs nothing, and the figure stays absent.
    virtual void runData(profiler::PhaseObserver& observer) { (void)observer; }

    // False when the step was built without a graphed arm (refused, skipped, CPU).
    virtual bool hasGraphedArm() const = 0;
    // Before the graphed arm's warm-up: a capture that is not made on a sighting (graph mode on) is
    // made here, so no capture ever falls inside a timed step or a CUPTI window.
    virtual void prepareGraphed() {}
    // After the graphed warm-up: throws when the arm is not replaying (its capture failed, or no
    // graph was captured), so eager steps are never timed as graphed ones.
    virtual void requireReplaying() const = 0;
    // After the graphed arm's steps: throws when graphs were turned off on the way (a capture or
    // replay failure), for the same reason.
    virtual GraphedArmFigures graphedFigures() const = 0;
};

}  // namespace graphlens::bench
