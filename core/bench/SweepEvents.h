#pragma once
// What a sweep tells the outside world while it runs. The CLI prints it for people, the worker
// turns it into protocol lines for the GUI. Callbacks come from the sweep's thread.
#include "results/Measurement.h"

#include <string>

namespace graphlens::bench {

class SweepEvents {
public:
    virtual ~SweepEvents() = default;
    virtual void progress(int done, int total, const std::string& label, double etaSeconds) = 0;
    virtual void measurement(const results::Measurement& row) = 0;
    virtual void log(const std::string& text) = 0;
    virtual void warning(const std::string& text) = 0;
};

}  // namespace graphlens::bench
