#pragma once
// SweepEvents for people at a terminal: progress and messages on stderr, one line each.
#include "bench/SweepEvents.h"

#include <ostream>

namespace graphlens::bench {

class ConsoleSweepEvents : public SweepEvents {
public:
    explicit ConsoleSweepEvents(std::ostream& out) : out_(out) {}
    void progress(int done, int total, const std::string& label, double etaSeconds) override;
    void measurement(const results::Measurement& row) override;
    void log(const std::string& text) override;
    void warning(const std::string& text) override;

private:
    std::ostream& out_;
};

}  // namespace graphlens::bench
