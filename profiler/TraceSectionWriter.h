#pragma once
// One section of a ChromeTrace (ChromeTrace.h describes the layout): its processes and tracks, then
// the slices and arrows of each kind of record. Only what correlate() trusts is written.
#include "profiler/ActivityRecords.h"
#include "profiler/Correlation.h"
#include "profiler/PhaseRecorder.h"
#include "profiler/TraceEventEmitter.h"

#include <string>
#include <vector>

namespace graphlens::profiler {

class TraceSectionWriter {
public:
    // Section `index` owns the pids from 100(index+1): its host, then one per GPU device.
    TraceSectionWriter(TraceEventEmitter& out, int index, const ActivityBatch& batch,
                       const std::vector<PhaseMark>& phases);

    void write(const std::string& label);

private:
    int gpuPid(uint32_t device) const { return hostPid_ + 1 + static_cast<int>(device); }
    void writeTrackNames(const std::string& label);
    void writeHostSlices();
    void writeGraphReplays();
    void writeGraphLevelReplays();
    void writeKernels();
    void writeCopies();

    TraceEventEmitter& out_;
    const int hostPid_;
    const ActivityBatch& batch_;
    const std::vector<PhaseMark>& phases_;
    const CorrelatedRecords records_;  // points into batch_
};

}  // namespace graphlens::profiler
