#pragma once
// Records, into a FailedCallLog, every CUDA runtime and driver API call made while it runs that
// returned an error (capture forensics). CUPTI's callback API on every call of both domains: slow,
// so it runs only around a diagnosing capture attempt, never in a timed window, and not while a
// profiling window holds CUPTI's one subscriber. makeFailedCallSource() picks CUPTI where the build
// and the machine have it; otherwise start() says why not.
#include "profiler/FailedCallLog.h"

#include <memory>
#include <string>

namespace graphlens::profiler {

class FailedCallSource {
public:
    virtual ~FailedCallSource() = default;
    // Begins recording into `log` (which must outlive stop()). False with the reason in `why`.
    virtual bool start(FailedCallLog& log, std::string& why) = 0;
    virtual void stop() = 0;
};

std::unique_ptr<FailedCallSource> makeFailedCallSource();

}  // namespace graphlens::profiler
