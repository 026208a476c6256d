#pragma once
// The one way the profiled pass traces an arm, for inference and training steps alike: three
// untimed steps (the other arm ran last), `count` steps timed with no window open (what the window's
// cost is measured against, in this process: results/ProfilerOverhead.h), then a CUPTI window of its own holding `windowWarmup`
// untimed, unmarked steps (the window's first launches pay CUPTI's start-up; unmarked, they belong
// to no step and no metric) and `count` steps timed on the host clock, each phase marked on CUPTI's
// clock (RecorderPhases). `records` picks what the window records (CuptiActivitySource.h).
#include "bench/SweepEvents.h"
#include "bench/TimedStep.h"
#include "graphs/DeviceMemory.h"
#include "profiler/CuptiActivitySource.h"
#include "profiler/ProfileSession.h"

#include <string>
#include <vector>

namespace graphlens::bench {

struct ProfiledSteps {
    profiler::ProfileResult result;
    std::vector<double> stepsMs;
    std::vector<double> unprofiledStepsMs;  // the same steps just before the window, none open
    std::string recordingNote;  // what the CUPTI source says about how it records (may be empty)
};

// A CUPTI source that cannot start is a warning on `events`; the steps are then timed without it.
inline constexpr int kWindowWarmupSteps = 2;
ProfiledSteps profileSteps(TimedStep& step, Arm arm, int count, const graphs::DeviceMemory& memory, SweepEvents& events,
                           profiler::CuptiRecords records, int windowWarmup = kWindowWarmupSteps);

}  // namespace graphlens::bench
