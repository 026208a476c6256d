#pragma once
// The seam between GraphLens and CUPTI (kineto style): the real source wraps CUPTI's activity API,
// tests feed synthetic records through a fake. One window at a time; windows may follow each other.
// These must be called in order: isAvailable -> start -> (work, then a device synchronize) -> stop -> flush.
#include "profiler/ActivityRecords.h"

#include <cstdint>
#include <string>

namespace graphlens::profiler {

class ActivitySource {
public:
    virtual ~ActivitySource() = default;

    // False when this process cannot trace (no CUPTI library, built without CUPTI, no permission);
    // unavailableReason() then says why in one line. May turn false after a failed start().
    virtual bool isAvailable() const = 0;
    virtual std::string unavailableReason() const = 0;

    // Begin collecting kernel, memcpy/memset and API call records. False (with a reason) when CUPTI refused.
    virtual bool start() = 0;
    // After a successful start(): empty when the source records what it was asked for, else one line
    // for the log saying what it does instead (e.g. every API call, because CUPTI cannot select them).
    virtual std::string recordingNote() const { return {}; }
    // Stop collecting. Kernels still running on the GPU are lost: synchronize the device first.
    virtual void stop() = 0;
    // Hand over every record collected since start(); the source keeps nothing afterwards.
    virtual ActivityBatch flush() = 0;

    // Now, on the same clock as the records' timestamps (CUPTI: cuptiGetTimestamp).
    virtual uint64_t timestampNs() const = 0;
    // The calling thread's id as the records' ApiRecord::threadId spells it.
    virtual uint32_t currentThreadId() const = 0;
};

}  // namespace graphlens::profiler
