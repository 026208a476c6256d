#include "bench/ProfiledSteps.h"

#include "bench/InterleavedTiming.h"
#include "bench/NvtxPhases.h"
#include "bench/RecorderPhases.h"
#include "profiler/CuptiActivitySource.h"

namespace graphlens::bench {

ProfiledSteps profileSteps(TimedStep& step, Arm arm, int count, const graphs::DeviceMemory& memory, SweepEvents& events,
                           profiler::CuptiRecords records, int windowWarmup) {
    NvtxPhases nvtx;
    for (int i = 0; i < 3; ++i) step.run(arm, nvtx);  // warm after the other arm ran
    memory.synchronize();
    ProfiledSteps profiled;
    for (int i = 0; i < count; ++i) profiled.unprofiledStepsMs.push_back(timeStep(step, arm, nvtx, memory));
    profiler::ProfileSession session(profiler::makeCuptiActivitySource(records));
    if (!session.start()) events.warning("profiled pass without CUPTI: " + session.unavailableReason());
    profiled.recordingNote = session.recordingNote();
    for (int i = 0; i < windowWarmup; ++i) step.run(arm, nvtx);
    memory.synchronize();
    RecorderPhases phases(session.recorder());
    for (int i = 0; i < count; ++i) profiled.stepsMs.push_back(timeStep(step, arm, phases, memory));
    profiled.result = session.stop();
    return profiled;
}

}  // namespace graphlens::bench
