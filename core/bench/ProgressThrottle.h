#pragma once
// Turns many small "one more step" calls into a few progress events (at most every 200 ms, plus
// stage starts and the end) with an ETA from the average pace so far.
#include "bench/SweepEvents.h"

#include <chrono>
#include <string>

namespace graphlens::bench {

class ProgressThrottle {
public:
    ProgressThrottle(SweepEvents& events, int totalUnits);

    void startStage(int unitsDoneBefore, const std::string& label);  // always reported
    void advance(const std::string& label, int units = 1);           // reported when due
    void finish(const std::string& label);                           // always reported, 100%

private:
    void report(const std::string& label);

    SweepEvents& events_;
    int total_;
    int done_ = 0;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point lastReport_;
};

}  // namespace graphlens::bench
