#pragma once
// Host-side phase markers ("step", "data", "forward", "loss", "backward", "optimizer", "postprocess")
// timestamped on the activity source's clock, so they line up with CUPTI's records without any
// conversion: cuptiGetTimestamp is documented as "normalized to correspond with the start and end
// timestamps reported in the CUPTI activity records". tests/gpu/ProfilerGpuTest.cpp checks it on a GPU.
// Thread-safe: ranges may be opened and closed on any thread (each thread nests its own ranges).
#include "profiler/ActivitySource.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace graphlens::profiler {

struct PhaseMark {
    std::string name;
    uint32_t threadId = 0;
    uint64_t start = 0;
    uint64_t end = 0;  // 0 while the range is open; open ranges are ignored by the metrics
    int depth = 0;     // nesting depth on its thread: "step" 0, "forward" inside it 1, ...
};

class PhaseRecorder {
public:
    // The source supplies the clock and the thread ids; it must outlive the recorder.
    explicit PhaseRecorder(const ActivitySource& clock) : clock_(clock) {}

    // Returns a handle for end(). Ranges on one thread must close in reverse order of opening.
    std::size_t begin(std::string name);
    void end(std::size_t handle);

    std::vector<PhaseMark> marks() const;
    void clear();

private:
    const ActivitySource& clock_;
    mutable std::mutex mutex_;
    std::vector<PhaseMark> marks_;
};

}  // namespace graphlens::profiler
